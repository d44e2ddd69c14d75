import Foundation
import GRDB
import Synchronization
import Testing
@testable import Storage

/// The log is copied into the database file by a connection of its own, not inside the commits that concurrent
/// requests wait for; a writer that never pauses still gets its log rewound; an import keeps its rare, large
/// checkpoints.
@Suite struct WALCheckpointerTests {
    /// About `pages` pages of new rows in each of `commits` transactions.
    func write(_ database: AppDatabase, commits: Int, pages: Int) async throws {
        try await database.writer.write { db in
            try db.execute(sql: "CREATE TABLE IF NOT EXISTS scratch (id INTEGER PRIMARY KEY, body BLOB NOT NULL)")
        }
        for _ in 0..<commits {
            try await database.writer.write { db in
                for _ in 0..<pages {
                    try db.execute(sql: "INSERT INTO scratch (body) VALUES (randomblob(3500))")
                }
            }
        }
    }

    func fileSize(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    }

    /// A read transaction open on one of the reader's connections, holding its snapshot of the log, once this
    /// returns; it ends when the test signals the gate (a blocking wait, so the connection stays in the transaction).
    func readerHoldingItsSnapshot(_ database: AppDatabase) async -> (gate: DispatchSemaphore, reader: Task<Void, any Error>) {
        let (readerStarted, started) = AsyncStream.makeStream(of: Void.self)
        let gate = DispatchSemaphore(value: 0)
        let reader = Task {
            try await database.reader.read { db in
                _ = try Int.fetchOne(db, sql: "SELECT count(*) FROM scratch")
                started.yield()
                gate.wait()
            }
        }
        for await _ in readerStarted { break }
        return (gate, reader)
    }

    func checkpointer(_ database: AppDatabase) throws -> WALCheckpointer {
        try #require(database.checkpointer)
    }

    @Test func theLogIsCopiedInTheBackgroundWhileTheWriterGoesOn() async throws {
        let database = try AppDatabase.temporary()
        let path = database.writer.path
        let sizeBefore = try fileSize(path)
        try await write(database, commits: 60, pages: 20)
        let deadline = Date().addingTimeInterval(20)
        while try checkpointer(database).counts.background == 0, Date() < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(try checkpointer(database).counts.background >= 1)
        #expect(try checkpointer(database).counts.writer == 0)
        // 1,200 rows of 3,500 bytes: at least the first 1,000 pages of the log are now in the database file.
        #expect(try fileSize(path) - sizeBefore > 3_000_000)
        let rows = try await database.reader.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM scratch") }
        #expect(rows == 1_200)
    }

    /// A writer that never pauses can outrun the background (the log is rewound only after a checkpoint copied every
    /// frame); here the background never runs at all, the worst case.
    @Test func theWriterCheckpointsItselfWhenTheBackgroundFallsBehind() async throws {
        let database = try AppDatabase.temporary()
        try checkpointer(database).thresholds = .init(backgroundPages: .max, writerPages: 400)
        try await write(database, commits: 200, pages: 10)
        #expect(try checkpointer(database).counts.writer >= 4)
        #expect(try checkpointer(database).counts.background == 0)
        // About 2,000 pages were written. Without the writer's own checkpoint the log would hold them all (8 MB);
        // rewound, it never grows much past the writer's threshold plus one commit.
        let logSize = try fileSize(database.writer.path + "-wal")
        #expect(logSize < 450 * (4096 + 24) + 32)
        let rows = try await database.reader.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM scratch") }
        #expect(rows == 2_000)
    }

    @Test func anImportCheckpointsRarelyAndInItsOwnTurn() async throws {
        let database = try AppDatabase.temporary()
        let path = database.writer.path
        try database.prepareForImportBlocking()
        try await write(database, commits: 60, pages: 20)
        #expect(try checkpointer(database).counts.background == 0)
        #expect(try checkpointer(database).counts.writer == 0)
        let sizeDuringImport = try fileSize(path)
        try database.finishImportBlocking()
        // The import's end moves its log into the database file.
        #expect(try fileSize(path) - sizeDuringImport > 3_000_000)
        #expect(try checkpointer(database).thresholds.backgroundPages == WALCheckpointer.Thresholds.everyday.backgroundPages)
    }

    /// After a large import the log file would keep its size (it is only ever rewound in place) until the server
    /// stopped; it is emptied once nothing uses it, and a reader still using it only delays that.
    @Test func theLogFileIsEmptiedOnceTheImportIsOverAndNothingUsesIt() async throws {
        let database = try AppDatabase.temporary()
        let log = database.writer.path + "-wal"
        try database.prepareForImportBlocking()
        try await write(database, commits: 60, pages: 20)
        #expect(try fileSize(log) > 4_000_000)

        // A reader that started before the import's end holds its snapshot of the log for a while.
        let (gate, reader) = await readerHoldingItsSnapshot(database)
        try database.finishImportBlocking()
        try await Task.sleep(for: .milliseconds(600))
        #expect(try fileSize(log) > 0, "the reader still uses the log")

        gate.signal()
        try await reader.value
        let deadline = Date().addingTimeInterval(20)
        while try fileSize(log) > 0, Date() < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(try fileSize(log) == 0)
        // Nothing was lost, and writing goes on into the emptied log.
        try await write(database, commits: 1, pages: 10)
        let rows = try await database.reader.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM scratch") }
        #expect(rows == 1_210)
        #expect(try fileSize(log) > 0)
    }
    /// An import that ends while another connection checkpoints (the background checkpoint, copying the import's last
    /// frames) finishes: its settings are put back and the log is still emptied once nothing uses it. The writer's own
    /// passive checkpoint is refused (busy) then; `finishImportBlocking` threw that error, so the log kept its size.
    @Test func anImportThatEndsWhileAnotherCheckpointRunsStillFinishes() async throws {
        let database = try AppDatabase.temporary()
        let path = database.writer.path
        try database.prepareForImportBlocking()
        try await write(database, commits: 20, pages: 20)

        // A reader on an older snapshot makes a FULL checkpoint wait, in its busy handler, with the checkpoint lock held.
        let (readerGate, reader) = await readerHoldingItsSnapshot(database)
        try await write(database, commits: 1, pages: 20)

        let waiting = DispatchSemaphore(value: 0)
        let released = Atomic<Bool>(false)
        var configuration = Configuration()
        configuration.busyMode = .callback { tries in
            if tries == 0 { waiting.signal() }
            usleep(1_000)
            return !released.load(ordering: .relaxed)
        }
        let other = try DatabaseQueue(path: path, configuration: configuration)
        // On a thread of its own: it blocks until released, and the test waits for it without awaiting.
        let otherDone = DispatchSemaphore(value: 0)
        Thread {
            _ = try? other.writeWithoutTransaction { db in try db.checkpoint(.full) }
            otherDone.signal()
        }.start()
        waiting.wait()

        try database.finishImportBlocking()
        #expect(database.checkpointer?.thresholds.backgroundPages == WALCheckpointer.Thresholds.everyday.backgroundPages)
        let cacheSize = try await database.writer.writeWithoutTransaction { db in try Int.fetchOne(db, sql: "PRAGMA cache_size") }
        #expect(cacheSize != -8192, "the import's page cache is given back")

        released.store(true, ordering: .relaxed)
        readerGate.signal()
        try await reader.value
        otherDone.wait()
        let deadline = Date().addingTimeInterval(20)
        while try fileSize(path + "-wal") > 0, Date() < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(try fileSize(path + "-wal") == 0)
    }
}

/// Two imports at once (two family members, or the CLI beside the server's upload) share the writer's import
/// settings: the first to start sets them, and they stay until the last one finishes.
@Suite struct OverlappingImportSettingsTests {
    private func writerSettings(_ database: AppDatabase) throws -> (cacheSize: Int, journalSizeLimit: Int, tempStore: Int) {
        try database.writer.writeWithoutTransaction { db in
            (try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? 0, try Int.fetchOne(db, sql: "PRAGMA journal_size_limit") ?? 0,
             try Int.fetchOne(db, sql: "PRAGMA temp_store") ?? -1)
        }
    }

    @Test func theFirstImportToFinishLeavesTheOtherItsSettings() throws {
        let database = try AppDatabase.temporary()
        let everyday = try writerSettings(database)
        let checkpointer = try #require(database.checkpointer)
        try database.prepareForImportBlocking()
        try database.prepareForImportBlocking()
        try database.finishImportBlocking()
        // One import still runs: rare checkpoints and its page cache stay.
        #expect(checkpointer.thresholds.backgroundPages == WALCheckpointer.Thresholds.bulkImport.backgroundPages)
        #expect(try writerSettings(database).cacheSize == -8192)
        #expect(try writerSettings(database).tempStore == 2, "statement journals in memory")
        try database.finishImportBlocking()
        #expect(checkpointer.thresholds.backgroundPages == WALCheckpointer.Thresholds.everyday.backgroundPages)
        // The writer is back to what it had before the first import, not to the import's 8 MiB and 64 MiB.
        #expect(try writerSettings(database) == everyday)
        #expect(everyday.cacheSize != -8192)
        #expect(everyday.tempStore != 2)
    }

    @Test func aFinishWithoutAStartChangesNothing() throws {
        let database = try AppDatabase.temporary()
        let everyday = try writerSettings(database)
        try database.finishImportBlocking()
        try database.prepareForImportBlocking()
        #expect(try writerSettings(database).cacheSize == -8192)
        try database.finishImportBlocking()
        #expect(try writerSettings(database) == everyday)
    }
}

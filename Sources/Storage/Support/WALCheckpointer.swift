import Dispatch
import Foundation
import GRDB
import GRDBSQLite
import Synchronization

/// Copies the write-ahead log into the database file from a connection of its own, so that commits do not wait for it.
///
/// SQLite's automatic checkpoint runs inside the commit that takes the log past 1,000 pages, on the writing
/// connection: every gateway batch sharing that commit (see `GroupCommit`) waits for 4 MB to be copied and the
/// database file to be synced. Here the writer's commit only reads the log's length (SQLite's WAL hook); once
/// `backgroundPages` frames have been added since the last checkpoint, a passive checkpoint runs on a serial queue,
/// on another connection, while the writer goes on. A passive checkpoint never waits for the writer or a reader.
///
/// A log is rewound to its start only by the first write after a checkpoint that copied every frame, and a writer
/// that never pauses keeps adding frames while a background checkpoint runs. So past `writerPages` the writer still
/// checkpoints in its own turn, as SQLite would: by then the background has copied all but the newest frames, so
/// this copies little, and the log starts again from its beginning.
final class WALCheckpointer: Sendable {
    struct Thresholds: Sendable {
        /// Frames added since the last checkpoint that start one in the background.
        var backgroundPages: Int32
        /// Log length at which the writer checkpoints itself (and so the log is rewound).
        var writerPages: Int32

        /// For everyday writes: SQLite's own 1,000 pages, in the background; the writer only past 32,000 pages
        /// (128 MiB). With 4 gateway clients the writer's own checkpoints set the p99: measured, alternating builds,
        /// past 8,000 pages the p99 on SQLite alone was 24.6–27.9 ms in five runs, past 32,000 20.2–25.5 ms in four
        /// (BENCHMARKS.md).
        static let everyday = Thresholds(backgroundPages: 1_000, writerPages: 32_000)
        /// For an import: in the background every 32 MiB (8,192 pages of 4 KiB), the writer only past 256 MiB.
        /// Checkpoints in the writer's turn only, every 256 MiB, kept the import's peak RSS under 100 MiB while the
        /// badge refresh after it read 100,000 rows into memory (91–95 MiB at the peak); since that refresh reads
        /// integers (71–73 MiB), background checkpoints fit: the 220 MB export's import took 3.77–4.14 s against
        /// 4.25–4.62 s, four alternating rounds, at most 74 MiB (BENCHMARKS.md).
        static let bulkImport = Thresholds(backgroundPages: 8_192, writerPages: 65_536)
    }

    private struct State {
        var thresholds = Thresholds.everyday
        /// The log length the last checkpoint (either kind) had copied up to.
        var copiedThrough: Int32 = 0
        var backgroundRunning = false
        var connection: DatabaseQueue?
        var backgroundCheckpoints = 0
        var writerCheckpoints = 0
    }

    private let path: String
    private let synchronous: String
    private let queue = DispatchQueue(label: "kiroku.wal-checkpoint", qos: .utility)
    private let state = Mutex(State())

    init(path: String, synchronous: String) {
        self.path = path
        self.synchronous = synchronous
    }

    /// Replaces SQLite's automatic checkpoint on the writing connection with this one.
    func install(on db: Database) {
        let hook: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafePointer<CChar>?, Int32) -> Int32 = { context, connection, name, pages in
            guard let context else { return SQLITE_OK }
            Unmanaged<WALCheckpointer>.fromOpaque(context).takeUnretainedValue().logGrew(to: pages, connection: connection, name: name)
            return SQLITE_OK
        }
        // Unretained: the writer's configuration holds this checkpointer (through `prepareDatabase`), so it outlives
        // the connection that calls the hook.
        sqlite3_wal_hook(db.sqliteConnection, hook, Unmanaged.passUnretained(self).toOpaque())
    }

    var thresholds: Thresholds {
        get { state.withLock { $0.thresholds } }
        set { state.withLock { $0.thresholds = newValue } }
    }

    /// How many checkpoints completed in the background and in the writer's turn (for tests and diagnostics).
    var counts: (background: Int, writer: Int) {
        state.withLock { ($0.backgroundCheckpoints, $0.writerCheckpoints) }
    }

    /// Called by SQLite in the writer's turn after each commit, with the log's length in frames.
    private func logGrew(to pages: Int32, connection: OpaquePointer?, name: UnsafePointer<CChar>?) {
        enum Action { case none, background, writer }
        let action: Action = state.withLock { state in
            // A log shorter than what was copied has been rewound.
            if pages < state.copiedThrough { state.copiedThrough = 0 }
            if pages >= state.thresholds.writerPages { return .writer }
            guard !state.backgroundRunning, pages - state.copiedThrough >= state.thresholds.backgroundPages else { return .none }
            state.backgroundRunning = true
            return .background
        }
        switch action {
        case .none:
            return
        case .writer:
            var logFrames: Int32 = -1
            var copiedFrames: Int32 = -1
            let code = sqlite3_wal_checkpoint_v2(connection, name, SQLITE_CHECKPOINT_PASSIVE, &logFrames, &copiedFrames)
            // Busy (a background checkpoint holds the lock): the next commit tries again.
            guard code == SQLITE_OK else { return }
            state.withLock { state in
                state.writerCheckpoints += 1
                state.copiedThrough = max(state.copiedThrough, copiedFrames)
            }
        case .background:
            queue.async { self.checkpointInBackground() }
        }
    }

    private func checkpointInBackground() {
        let copied = try? checkpointConnection().writeWithoutTransaction { db in try db.checkpoint(.passive).checkpointedFrameCount }
        state.withLock { state in
            state.backgroundRunning = false
            state.backgroundCheckpoints += 1
            if let copied { state.copiedThrough = max(state.copiedThrough, Int32(copied)) }
        }
    }

    /// Empties the log file once nothing uses it, for after a large import: the log only ever grows (up to the
    /// import's 256 MiB) and is rewound in place, never shortened, because a size limit kept everyday raised the
    /// gateway's p99 (see `AppDatabase.prepareForImportBlocking`). One truncation afterwards costs nothing later:
    /// everyday writes grow the log back to their own few megabytes.
    ///
    /// Tried from this checkpointer's connection, which has no busy handler: while a commit or a reader holds the
    /// log, the attempt fails at once rather than making requests wait, and is tried again 200 ms later, at most
    /// `attempts` times in all (a busy server may keep its log until the next import ends).
    func truncateLogWhenQuiet(attempts: Int = 50) {
        queue.async {
            let truncated = (try? self.checkpointConnection().writeWithoutTransaction { db in
                _ = try db.checkpoint(.truncate)
            }) != nil
            guard !truncated, attempts > 1 else { return }
            self.queue.asyncAfter(deadline: .now() + .milliseconds(200)) { self.truncateLogWhenQuiet(attempts: attempts - 1) }
        }
    }

    /// The checkpoint's connection, opened on first use. It syncs as the writer does: a checkpoint syncs the log
    /// before copying it and the database file after.
    private func checkpointConnection() throws -> DatabaseQueue {
        if let connection = state.withLock({ $0.connection }) { return connection }
        var configuration = Configuration()
        configuration.overwriteDeletedContent()
        let synchronous = synchronous
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = \(synchronous)") }
        let connection = try DatabaseQueue(path: path, configuration: configuration)
        state.withLock { $0.connection = connection }
        return connection
    }
}

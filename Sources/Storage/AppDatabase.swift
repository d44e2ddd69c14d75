import Foundation
import GRDB

/// Kiroku's database: one value wrapping a GRDB writer, with the schema migrated on open.
///
/// Modelled on GRDB's demo `AppDatabase`: the migrator runs in `init`, reads and writes are
/// methods of repositories built on top of it, and tests open a temporary file.
public struct AppDatabase: Sendable {
    public let writer: any DatabaseWriter
    /// Concurrent gateway batches committed together (see `GroupCommit`).
    let groupCommit: GroupCommit
    /// Checkpoints the log off the writer's turn, for a database opened by `open(path:durableCommits:)`.
    let checkpointer: WALCheckpointer?
    /// The imports running now, which share the writer's import settings.
    let importSessions = BulkImportSessions()

    public init(_ writer: any DatabaseWriter) throws {
        try self.init(writer, checkpointer: nil)
    }

    init(_ writer: any DatabaseWriter, checkpointer: WALCheckpointer?) throws {
        self.writer = writer
        self.checkpointer = checkpointer
        groupCommit = GroupCommit(writer: writer)
        try Self.migrator.migrate(writer)
    }

    public var reader: any DatabaseReader { writer }
}

extension AppDatabase {
    /// Opens (creating if needed) the SQLite file at `path` in WAL mode. With `durableCommits`, every commit is
    /// on the disk (fsync of the WAL) before it returns, so it survives a power cut, not only a crash of Kiroku.
    public static func open(path: String, durableCommits: Bool = false) throws -> AppDatabase {
        _ = SQLiteLibrarySettings.applied
        // Health data: a new database file is readable by its owner only. SQLite gives the -wal and -shm
        // files the same permissions as the database, so they follow.
        if !FileManager.default.fileExists(atPath: path) {
            _ = FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600])
        }
        // NORMAL: a commit survives a crash of the process, and batched writes stay fast under WAL; FULL adds the
        // power cut, at an fsync per commit (concurrent gateway batches share theirs).
        let synchronous = durableCommits ? "FULL" : "NORMAL"
        let checkpointer = WALCheckpointer(path: path, synchronous: synchronous)
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(5)
        configuration.overwriteDeletedContent()
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = \(synchronous)")
            if !db.configuration.readonly { checkpointer.install(on: db) }
        }
        let pool = try DatabasePool(path: path, configuration: configuration)
        // Again on the writer: a pool turns WAL mode on after `prepareDatabase` has run, and sets `synchronous = NORMAL`
        // as it does (GRDB's `setUpWALMode`), so FULL asked for above never reached the one connection that commits.
        try pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA synchronous = \(synchronous)") }
        return try AppDatabase(pool, checkpointer: checkpointer)
    }

    /// A fresh database in a new temporary file, for tests. Real SQLite, real WAL. The file is removed when the
    /// process exits.
    public static func temporary() throws -> AppDatabase {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("kiroku-test-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        TemporaryDatabaseDirectories.register(directory)
        return try open(path: directory.appendingPathComponent("kiroku.sqlite").path)
    }
}

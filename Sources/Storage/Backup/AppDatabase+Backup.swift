import Foundation
import GRDB

extension AppDatabase {
    /// Writes a consistent copy of the whole database to a new file at `path` with SQLite's online backup API, while
    /// other connections (this server's, another process's) go on reading and writing. The copy is a plain
    /// single-file database (no WAL), readable by its owner only.
    public func backup(to path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
        }
        var configuration = Configuration()
        configuration.overwriteDeletedContent()
        let destination = try DatabaseQueue(path: path, configuration: configuration)
        try reader.backup(to: destination)
        try destination.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA journal_mode = DELETE") }
        try destination.close()
    }

    /// What a database file is, read without changing it: whether SQLite finds it sound, and whether this
    /// version of Kiroku knows every migration it has (a newer Kiroku's backup must not be restored by an older one).
    public struct FileCheck: Sendable, Equatable {
        public var integrityOK: Bool
        public var appliedMigrations: [String]
        public var unknownMigrations: [String]
    }

    public static func check(path: String) throws -> FileCheck {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.overwriteDeletedContent()
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        defer { try? queue.close() }
        return try queue.read { db in
            let integrity = try String.fetchAll(db, sql: "PRAGMA integrity_check")
            let known = Set(migrator.migrations)
            let applied = try db.tableExists("grdb_migrations")
                ? try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid")
                : []
            return FileCheck(integrityOK: integrity == ["ok"], appliedMigrations: applied, unknownMigrations: applied.filter { !known.contains($0) })
        }
    }
}

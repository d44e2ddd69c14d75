import Foundation
import GRDB
@testable import Storage
import Testing
import TestSupport

/// Deleted rows are overwritten with zeros on every connection, whatever SQLite's build chose as its default (Debian's
/// is on, SQLite's own is off): a deleted account's health data must not stay readable in the file's free pages.
@Suite struct SecureDeleteTests {
    @Test func everyConnectionOfAnOpenedFileOverwritesWhatItDeletes() async throws {
        let directory = TestFiles.directory.appendingPathComponent("kiroku-secure-delete-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let database = try AppDatabase.open(path: directory.appendingPathComponent("kiroku.sqlite").path)
        let pool = try #require(database.writer as? DatabasePool, "a file opens as a pool: one writer, several readers")
        let onWriter = try await pool.write { db in try Int.fetchOne(db, sql: "PRAGMA secure_delete") }
        let onReader = try await pool.read { db in try Int.fetchOne(db, sql: "PRAGMA secure_delete") }
        #expect(onWriter == 1)
        #expect(onReader == 1)
    }
}

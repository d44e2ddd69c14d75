import Foundation
import GRDB
@testable import Storage
import Testing
import TestSupport

/// `kiroku serve --durable-commits` promises that an answered sample survives a power cut: the connection that
/// commits must sync the log on every commit (`synchronous = FULL`). GRDB's pool used to set NORMAL on its writer after
/// our setting, so the promise did not hold; this reads the setting back from the writing connection itself.
@Suite struct DurableCommitsTests {
    private func writerSynchronous(durable: Bool) throws -> Int? {
        let directory = TestFiles.directory.appendingPathComponent("kiroku-durable-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try AppDatabase.open(path: directory.appendingPathComponent("kiroku.sqlite").path, durableCommits: durable)
        return try database.writer.writeWithoutTransaction { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") }
    }

    @Test func durableCommitsSyncTheLogOnEveryCommit() throws {
        #expect(try writerSynchronous(durable: true) == 2)  // FULL
    }

    @Test func everydayCommitsSyncOnlyAtCheckpoints() throws {
        #expect(try writerSynchronous(durable: false) == 1)  // NORMAL: a crash of Kiroku loses nothing, a power cut may
    }
}

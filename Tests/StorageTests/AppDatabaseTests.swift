import Foundation
import GRDB
import Health
@testable import Storage
import Testing
import TestSupport

@Suite struct AppDatabaseTests {
    @Test func openedDatabaseUsesWriteAheadLogging() async throws {
        let database = try AppDatabase.temporary()
        let mode = try await database.writer.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
        #expect(mode == "wal")
    }

    @Test func recordsSurviveClosingAndReopeningTheFile() async throws {
        let directory = TestFiles.directory.appendingPathComponent("kiroku-reopen-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("kiroku.sqlite").path
        do {
            let database = try AppDatabase.open(path: path)
            let user = try await database.createUser(User(username: "alice", passwordHash: "x", createdAt: Date()))
            _ = try await database.insertRecords([Fixtures.record(userId: user.id!, value: 70)])
        }
        let reopened = try AppDatabase.open(path: path)
        let user = try #require(try await reopened.user(username: "ALICE"))
        #expect(try await reopened.allRecords(userId: user.id!).map(\.value) == [70])
    }

    @Test func aNewDatabaseAndItsLogAreReadableByTheirOwnerOnly() async throws {
        let directory = TestFiles.directory.appendingPathComponent("kiroku-mode-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("kiroku.sqlite").path
        let database = try AppDatabase.open(path: path)
        _ = try await database.createUser(User(username: "alice", passwordHash: "x", createdAt: Date()))
        for file in [path, path + "-wal"] {
            let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
            #expect(mode == 0o600, "\(file)")
        }
    }

    @Test func migrationsAreNamedAndAllApplied() async throws {
        let database = try AppDatabase.temporary()
        let applied = try await database.writer.read { db in try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid") }
        // Shipped migrations stay first and in order; each system adds its own after them.
        #expect(Array(applied.prefix(2)) == ["v1-accounts", "v1-health-records"])
        #expect(applied.contains("v2-task-steps"))
        #expect(applied.contains("v2-wait-times"))
        #expect(applied.contains("v2-workouts"))
        #expect(applied.contains("v2-health-import"))
    }

    @Test func sameExternalIdFromTheSameSourceIsStoredOnce() async throws {
        let database = try AppDatabase.temporary()
        let alice = try await database.createUser(User(username: "alice", passwordHash: "x", createdAt: Date()))
        let bob = try await database.createUser(User(username: "bob", passwordHash: "x", createdAt: Date()))
        let first = try await database.insertRecords([Fixtures.record(userId: alice.id!, value: 1, externalId: "sample-1")])
        let retry = try await database.insertRecords([Fixtures.record(userId: alice.id!, value: 1, externalId: "sample-1")])
        let otherUser = try await database.insertRecords([Fixtures.record(userId: bob.id!, value: 1, externalId: "sample-1")])
        #expect(first[0].inserted)
        #expect(!retry[0].inserted)
        #expect(retry[0].record.id == first[0].record.id)
        #expect(otherUser[0].inserted)
        #expect(try await database.recordCount(userId: alice.id!) == 1)
    }

    @Test func deletingAUserCascadesToEverythingTheyOwn() async throws {
        let database = try AppDatabase.temporary()
        let alice = try await database.createUser(User(username: "alice", passwordHash: "x", createdAt: Date()))
        let bob = try await database.createUser(User(username: "bob", passwordHash: "x", createdAt: Date()))
        _ = try await database.insertRecords([Fixtures.record(userId: alice.id!, value: 1), Fixtures.record(userId: bob.id!, value: 2)])
        _ = try await database.insertAPIToken(APIToken(userId: alice.id!, name: "t", tokenHash: "h1", prefix: "krk_", createdAt: Date()))
        try await database.insertSession(Session(tokenHash: "s1", userId: alice.id!, csrfToken: "c", createdAt: Date(), expiresAt: Date().addingTimeInterval(60)), now: Date())
        try await database.deleteUser(id: alice.id!)
        let counts = try await database.writer.read { db in
            (
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM healthRecord WHERE userId = ?", arguments: [alice.id!]),
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM apiToken WHERE userId = ?", arguments: [alice.id!]),
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM session WHERE userId = ?", arguments: [alice.id!])
            )
        }
        #expect(counts.0 == 0)
        #expect(counts.1 == 0)
        #expect(counts.2 == 0)
        #expect(try await database.recordCount(userId: bob.id!) == 1)
    }

    /// The outbox has no owner index since v8; deleting an account still takes its unpublished messages with it.
    @Test func deletingAUserRemovesTheirWaitingOutboxMessagesAndNoOneElses() async throws {
        let database = try AppDatabase.temporary()
        let alice = try await database.createUser(User(username: "alice", passwordHash: "x", createdAt: Date()))
        let bob = try await database.createUser(User(username: "bob", passwordHash: "x", createdAt: Date()))
        for (owner, ids) in [(alice.id!, "a"), (bob.id!, "b")] {
            let records = (0..<3).map { Fixtures.record(userId: owner, value: Double($0 + 60), externalId: "\(ids)-\($0)", at: Date(timeIntervalSince1970: 1_767_225_600 + Double($0) * 60)) }
            _ = try await database.ingestGatewayBatch(records, message: { record in
                OutboxMessage(userId: record.userId, messageKey: "k", payload: Data((record.externalId ?? "").utf8), createdAt: Date())
            })
        }
        #expect(try await database.outboxState().depth == 6)
        try await database.deleteUser(id: alice.id!)
        let left = try await database.pendingOutbox(limit: 10).map { String(decoding: $0.payload, as: UTF8.self) }
        #expect(left == ["b-0", "b-1", "b-2"])
    }

    @Test func expiredSessionsAreNotFoundAndAreSweptAway() async throws {
        let database = try AppDatabase.temporary()
        let alice = try await database.createUser(User(username: "alice", passwordHash: "x", createdAt: Date()))
        let now = Date()
        try await database.insertSession(Session(tokenHash: "old", userId: alice.id!, csrfToken: "c", createdAt: now.addingTimeInterval(-100), expiresAt: now.addingTimeInterval(-1)), now: now.addingTimeInterval(-100))
        #expect(try await database.session(tokenHash: "old", now: now) == nil)
        try await database.insertSession(Session(tokenHash: "new", userId: alice.id!, csrfToken: "c", createdAt: now, expiresAt: now.addingTimeInterval(60)), now: now)
        let stored = try await database.writer.read { db in try String.fetchAll(db, sql: "SELECT tokenHash FROM session") }
        #expect(stored == ["new"], "starting a session sweeps expired ones")
    }

    @Test func usernamesAreUniqueIgnoringCase() async throws {
        let database = try AppDatabase.temporary()
        _ = try await database.createUser(User(username: "alice", passwordHash: "x", createdAt: Date()))
        await #expect(throws: AccountStoreError.usernameTaken) {
            _ = try await database.createUser(User(username: "Alice", passwordHash: "y", createdAt: Date()))
        }
    }
}

enum Fixtures {
    static func record(userId: Int64, value: Double, externalId: String? = nil, at start: Date = Date(timeIntervalSince1970: 1_767_225_600)) -> HealthRecord {
        HealthRecord(
            userId: userId, metric: "bodyMass", value: value, originalValue: value, originalUnit: "kg",
            startAt: start, endAt: start, source: .gateway, externalId: externalId, createdAt: Date()
        )
    }
}

@Suite struct DatabaseDateTextTests {
    @Test("Import dates are written exactly as GRDB writes them, so queries by date find imported rows")
    func matchesGRDB() throws {
        for seconds in [0.0, 1_709_246_530, 1_709_246_530.123, -86_400.5, 951_782_400, 4_102_444_799.999] {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(DatabaseDateText.string(date) == date.databaseValue.storage.value as? String, "\(seconds)")
        }
    }
}

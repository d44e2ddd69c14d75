import Foundation
import Health
import Services
import Storage
import Testing
import TestSupport

/// R9's storage rule on a real database: the oldest synced records go first, an unsynced one never, and the history
/// says what was deleted and why.
@Suite struct SyncStorageRuleTests {
    static let start = Date(timeIntervalSince1970: 1_790_000_000)

    static func store() async throws -> (AppDatabase, User, [HealthRecord], URL) {
        let directory = TestFiles.directory.appendingPathComponent("kiroku-rule-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let database = try AppDatabase.open(path: directory.appendingPathComponent("kiroku.sqlite").path)
        let user = try await database.createUser(User(username: "hanako", passwordHash: "x", createdAt: start))
        var drafts: [HealthRecord] = []
        for day in 0..<15 {
            let value = Double(1_000 + day)
            let at = start.addingTimeInterval(Double(day) * 86_400)
            drafts.append(HealthRecord(
                userId: user.id!, metric: "stepCount", value: value, originalValue: value, originalUnit: "count", startAt: at, endAt: at,
                source: .manual, createdAt: start
            ))
        }
        let records = try await database.insertRecords(drafts).map(\.record)
        // The ten oldest are safe at the gateway; the five newest are not.
        try await database.confirmSynced(recordIds: records.prefix(10).map { $0.id! }, userId: user.id!, at: start)
        return (database, user, records, directory)
    }

    @Test func aQuotaDeletesTheOldestSyncedAndNeverAnUnsyncedRecord() async throws {
        let (database, user, records, directory) = try await Self.store()
        let agent = SyncAgentService(database: database, dataDirectory: directory)
        let removed = try await agent.enforce(SyncStorageRule(maxSyncedRecords: 4), user: user, now: Self.start)
        #expect(removed == 6)
        let left = try await database.allRecords(userId: user.id!).map(\.value)
        #expect(left == records.suffix(9).map(\.value), "the six oldest synced are gone; the four newest synced and all five unsynced stay")
        let history = try await database.syncAttempts(userId: user.id!, limit: 1)
        #expect(history.first?.status == "pruned")
        #expect(history.first?.error?.contains("6") == true)

        // Asking for more than there is synced never reaches an unsynced record.
        _ = try await agent.enforce(SyncStorageRule(maxSyncedRecords: 0), user: user, now: Self.start)
        #expect(try await database.allRecords(userId: user.id!).map(\.value) == records.suffix(5).map(\.value))
    }

    @Test func aShortDiskDeletesABatchOfTheOldestSyncedAndAnOffRuleNothing() async throws {
        let (database, user, records, directory) = try await Self.store()
        let agent = SyncAgentService(database: database, dataDirectory: directory)
        #expect(try await agent.enforce(SyncStorageRule(), user: user, now: Self.start) == 0, "off unless asked for")
        // No disk has an exabyte free: the rule sees a short disk and frees one batch.
        let removed = try await agent.enforce(SyncStorageRule(minimumFreeBytes: 1 << 60, batch: 3), user: user, now: Self.start)
        #expect(removed == 3)
        #expect(try await database.allRecords(userId: user.id!).map(\.value) == records.suffix(12).map(\.value))
    }
}

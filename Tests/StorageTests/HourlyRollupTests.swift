import Foundation
import GRDB
import Health
import Storage
import Testing

/// The hourly rollups the trend pages read are kept by triggers in the same transaction as every write: after
/// inserts, edits that change a value or move a record to another hour, deletions (including of an hour's minimum,
/// maximum or latest), sync pruning and account deletion, they equal a fresh grouping of the records.
@Suite struct HourlyRollupTests {
    struct Bucket: Equatable, CustomStringConvertible {
        let userId: Int64, metric: String, hour: String, count: Int, sum: Double, min: Double, max: Double, latestKey: String
        var description: String { "\(userId) \(metric) \(hour) n=\(count) Σ=\(sum) [\(min), \(max)] \(latestKey)" }

        func matches(_ other: Bucket) -> Bool {
            userId == other.userId && metric == other.metric && hour == other.hour && count == other.count && min == other.min
                && max == other.max && latestKey == other.latestKey && abs(sum - other.sum) <= 1e-9 * Swift.max(1, abs(other.sum))
        }
    }

    static func buckets(_ database: AppDatabase, sql: String) async throws -> [Bucket] {
        try await database.reader.read { db in
            try Row.fetchAll(db, sql: sql).map { row in
                Bucket(userId: row["userId"], metric: row["metric"], hour: row["hour"], count: row["count"], sum: row["sum"], min: row["min"],
                       max: row["max"], latestKey: row["latestKey"])
            }
        }
    }

    /// The rollups as stored, and as a fresh grouping of the records would make them.
    static func storedAndFresh(_ database: AppDatabase) async throws -> (stored: [Bucket], fresh: [Bucket]) {
        let stored = try await buckets(database, sql: "SELECT * FROM healthRecordHourly ORDER BY userId, metric, hour")
        let fresh = try await buckets(database, sql: """
            SELECT userId, metric, substr(startAt, 1, 13) AS hour, count(*) AS count, sum(value) AS sum, min(value) AS min, max(value) AS max,
                   max(startAt || printf('%020d', id) || '|' || printf('%!.17g', value)) AS latestKey
            FROM healthRecord GROUP BY userId, metric, substr(startAt, 1, 13) ORDER BY userId, metric, hour
            """)
        return (stored, fresh)
    }

    static func expectConsistent(_ database: AppDatabase, _ comment: Comment) async throws {
        let (stored, fresh) = try await storedAndFresh(database)
        #expect(stored.count == fresh.count, comment)
        for (mine, theirs) in zip(stored, fresh) where !mine.matches(theirs) {
            Issue.record("\(comment): stored \(mine), records say \(theirs)")
        }
    }

    @Test func everyKindOfWriteKeepsTheRollupsEqualToTheRecords() async throws {
        let database = try AppDatabase.temporary()
        let hanako = try await database.createUser(User(username: "hanako", passwordHash: "x", createdAt: Date()))
        let taro = try await database.createUser(User(username: "taro", passwordHash: "x", createdAt: Date()))
        let start = Date(timeIntervalSince1970: 1_767_225_600)
        var records: [HealthRecord] = []
        for index in 0..<600 {
            let at = start.addingTimeInterval(Double(index * 7 * 60))
            let value = 50 + Double((index * 7_919) % 1_000) / 9
            for owner in [hanako, taro] {
                records.append(HealthRecord(userId: owner.id!, metric: index % 3 == 0 ? "stepCount" : "heartRate", value: value, originalValue: value,
                                            originalUnit: "count", startAt: at, endAt: at, source: .import, externalId: "\(owner.id!)-\(index)", createdAt: Date()))
            }
        }
        _ = try await database.insertRecords(records)
        try await Self.expectConsistent(database, "after a bulk insert")

        let mine = try await database.allRecords(userId: hanako.id!).filter { $0.metric == "heartRate" }.sorted { $0.startAt < $1.startAt }
        // An hour's highest value lowered, another's lowest raised, one record moved three hours on, one changed metric.
        var edited = mine[10]
        edited.value = 1
        try await database.updateRecord(edited)
        edited = mine[20]
        edited.value = 999
        try await database.updateRecord(edited)
        edited = mine[30]
        edited.startAt = edited.startAt.addingTimeInterval(3 * 3_600)
        try await database.updateRecord(edited)
        edited = mine[40]
        edited.metric = "restingHeartRate"
        try await database.updateRecord(edited)
        try await Self.expectConsistent(database, "after edits")

        // Deleting an hour's extremes and its latest record, then every record of one hour.
        let byHour = Dictionary(grouping: mine.dropFirst(50)) { Int($0.startAt.timeIntervalSince1970 / 3_600) }
        let hour = try #require(byHour.values.first { $0.count >= 4 })
        for record in [hour.max { $0.value < $1.value }!, hour.min { $0.value < $1.value }!, hour.max { $0.startAt < $1.startAt }!] {
            _ = try await database.deleteRecord(id: record.id!, userId: hanako.id!)
        }
        try await Self.expectConsistent(database, "after deleting an hour's max, min and latest")
        let emptied = try #require(byHour.values.first { $0.count >= 2 && $0.first?.startAt != hour.first?.startAt })
        for record in emptied { _ = try await database.deleteRecord(id: record.id!, userId: hanako.id!) }
        try await Self.expectConsistent(database, "after emptying an hour")

        // Sync pruning deletes in bulk.
        let ids = try await database.allRecords(userId: hanako.id!).compactMap(\.id)
        try await database.confirmSynced(recordIds: ids, userId: hanako.id!, at: Date())
        _ = try await database.pruneSynced(userId: hanako.id!, before: start.addingTimeInterval(86_400))
        try await Self.expectConsistent(database, "after pruning synced records")

        // Deleting an account leaves none of its rollups and the other account's untouched.
        _ = try await database.deleteUser(id: hanako.id!)
        try await Self.expectConsistent(database, "after deleting an account")
        let left = try await Self.storedAndFresh(database).stored
        #expect(!left.isEmpty && left.allSatisfy { $0.userId == taro.id! })
    }
}

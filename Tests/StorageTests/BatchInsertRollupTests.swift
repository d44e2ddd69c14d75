import Foundation
import GRDB
import Health
import Storage
import Testing

/// Gateway batches, the Kafka consumer and the records API store each owner's records of a batch with the hourly
/// rollups merged once per hour instead of by the per-row trigger. Whatever such a batch does — new hours, hours that already held
/// records, a retry that stores nothing, a batch that fails inside a shared commit — the rollups equal a fresh
/// grouping of the records and no deferral outlives its transaction.
@Suite struct BatchInsertRollupTests {
    let start = Date(timeIntervalSince1970: 1_767_225_600)

    /// `count` gateway samples a minute apart from `minute`, each with its own sample id.
    func batch(owner: Int64, from minute: Int, count: Int, ids: String) -> [HealthRecord] {
        (0..<count).map { index in
            let at = start.addingTimeInterval(Double((minute + index) * 60))
            let value = Double(20 + ((minute + index) * 37) % 300)
            return HealthRecord(
                userId: owner, metric: index % 3 == 0 ? "heartRate" : "stepCount", value: value, originalValue: value, originalUnit: "count",
                startAt: at, endAt: at.addingTimeInterval(59), source: .gateway, externalId: "\(ids)-\(index)", createdAt: Date()
            )
        }
    }

    func message(_ record: HealthRecord) -> OutboxMessage {
        OutboxMessage(userId: record.userId, messageKey: "k", payload: Data((record.externalId ?? "").utf8), createdAt: Date())
    }

    func deferrals(_ database: AppDatabase) async throws -> Int {
        try await database.reader.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM healthRecordRollupDeferral") ?? -1 }
    }

    @Test func gatewayBatchesKeepTheRollupsEqualToTheRecords() async throws {
        let database = try AppDatabase.temporary()
        let hanako = try #require(try await database.createUser(User(username: "hanako", passwordHash: "x", createdAt: Date())).id)
        let taro = try #require(try await database.createUser(User(username: "taro", passwordHash: "x", createdAt: Date())).id)
        // Taro's records arrive mixed with nobody else's: one owner per batch, so his batch is deferred too.
        _ = try await database.ingestGatewayBatch(batch(owner: taro, from: 30, count: 50, ids: "t"))
        let taroBefore = try await HourlyRollupTests.buckets(database, sql: "SELECT * FROM healthRecordHourly WHERE userId = \(taro) ORDER BY metric, hour")

        let first = try await database.ingestGatewayBatch(batch(owner: hanako, from: 0, count: 100, ids: "a"), message: message)
        #expect(first.filter(\.inserted).count == 100)
        try await HourlyRollupTests.expectConsistent(database, "after the first batch")
        // The next batch reaches into hours the first one filled.
        _ = try await database.ingestGatewayBatch(batch(owner: hanako, from: 90, count: 100, ids: "b"), message: message)
        try await HourlyRollupTests.expectConsistent(database, "after a batch into hours already holding records")

        // The phone retries the first batch: nothing is stored twice and no hour changes.
        let before = try await HourlyRollupTests.storedAndFresh(database).stored
        let retry = try await database.ingestGatewayBatch(batch(owner: hanako, from: 0, count: 100, ids: "a"), message: message)
        #expect(retry.allSatisfy { !$0.inserted })
        #expect(try await HourlyRollupTests.storedAndFresh(database).stored == before)

        // Concurrent batches share one commit; one that fails inside it (here: refused by a full outbox) rolls the
        // shared transaction back, and the others are stored again one by one, each with its own deferral.
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for round in 0..<6 {
                group.addTask {
                    do {
                        _ = try await database.ingestGatewayBatch(
                            self.batch(owner: hanako, from: 300 + round * 40, count: 40, ids: "c\(round)"), outboxLimit: round == 3 ? 1 : nil, message: self.message
                        )
                        return true
                    } catch is OutboxFull {
                        return false
                    }
                }
            }
            let stored = try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            #expect(stored == 5)
        }
        try await HourlyRollupTests.expectConsistent(database, "after concurrent batches, one of them refused")
        #expect(try await deferrals(database) == 0)
        let refused = try await database.reader.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM healthRecord WHERE externalId LIKE 'c3-%'")
        }
        #expect(refused == 0)
        let outbox = try await database.outboxState().depth
        #expect(outbox == 200 + 5 * 40, "one outbox row per stored sample, none for the retry or the refused batch")

        let taroAfter = try await HourlyRollupTests.buckets(database, sql: "SELECT * FROM healthRecordHourly WHERE userId = \(taro) ORDER BY metric, hour")
        #expect(taroAfter == taroBefore)
    }

    @Test func recordsAPIBatchesAndMixedOwnersKeepTheRollupsEqualToTheRecords() async throws {
        let database = try AppDatabase.temporary()
        let hanako = try #require(try await database.createUser(User(username: "hanako", passwordHash: "x", createdAt: Date())).id)
        let taro = try #require(try await database.createUser(User(username: "taro", passwordHash: "x", createdAt: Date())).id)
        _ = try await database.insertRecords(batch(owner: hanako, from: 0, count: 1_000, ids: "api"))
        try await HourlyRollupTests.expectConsistent(database, "after a 1,000-record batch")
        // Past `HourlyRollupDeferral.suspension(forRecords:)`'s threshold the trigger is dropped for the transaction.
        _ = try await database.insertRecords(batch(owner: hanako, from: 3_000, count: 2_500, ids: "bulk"))
        try await HourlyRollupTests.expectConsistent(database, "after a 2,500-record batch")
        // Two owners interleaved in one call (as the Kafka consumer's batches may be): each owner's records are merged
        // on their own, and the answer keeps the batch's order.
        let mixed = zip(batch(owner: hanako, from: 500, count: 10, ids: "mixed-h"), batch(owner: taro, from: 500, count: 10, ids: "mixed-t")).flatMap { [$0, $1] }
        let answered = try await database.insertRecords(mixed)
        #expect(answered.map(\.record.externalId) == mixed.map(\.externalId))
        #expect(answered.map(\.record.userId) == mixed.map(\.userId))
        #expect(answered.allSatisfy { $0.inserted && $0.record.id != nil })
        try await HourlyRollupTests.expectConsistent(database, "after a batch of two owners")
        // A single record goes through the trigger too.
        _ = try await database.insertRecords(batch(owner: hanako, from: 2_000, count: 1, ids: "one"))
        try await HourlyRollupTests.expectConsistent(database, "after a single record")
        #expect(try await deferrals(database) == 0)
    }

    /// The outbox guard reads the id span first; where deletions left gaps the span overstates the depth, and the
    /// exact count decides, so a batch that fits is taken and one that does not is refused with the true depth.
    @Test func theOutboxLimitCountsExactlyWhenTheIdSpanOverstatesTheDepth() async throws {
        let database = try AppDatabase.temporary()
        let hanako = try #require(try await database.createUser(User(username: "hanako", passwordHash: "x", createdAt: Date())).id)
        _ = try await database.ingestGatewayBatch(batch(owner: hanako, from: 0, count: 5, ids: "a"), outboxLimit: 10, message: message)
        let ids = try await database.pendingOutbox(limit: 10).map(\.id)
        try await database.deleteOutbox(ids: Array(ids[1...3]))
        #expect(try await database.outboxState().depth == 2)

        let fits = try await database.ingestGatewayBatch(batch(owner: hanako, from: 10, count: 8, ids: "b"), outboxLimit: 10, message: message)
        #expect(fits.allSatisfy { $0.inserted }, "2 waiting + 8 = the limit: taken although the ids span 13")
        let refusal = await #expect(throws: OutboxFull.self) {
            _ = try await database.ingestGatewayBatch(self.batch(owner: hanako, from: 30, count: 1, ids: "c"), outboxLimit: 10, message: self.message)
        }
        #expect(refusal?.depth == 10)
        let stored = try await database.reader.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM healthRecord WHERE externalId = 'c-0'") }
        #expect(stored == 0, "a refused batch stores nothing")
    }

    /// A large batch that holds records stored already and a record listed twice: every outcome names the row that
    /// holds the record, new or old, and says which; nothing is stored twice.
    @Test func aBatchMeetingRetriesAnswersEachRecordWithItsOwnRow() async throws {
        let database = try AppDatabase.temporary()
        let hanako = try #require(try await database.createUser(User(username: "hanako", passwordHash: "x", createdAt: Date())).id)
        let records = batch(owner: hanako, from: 0, count: 300, ids: "r").map { record in
            var record = record
            record.source = RecordSource.manual.rawValue
            return record
        }
        // Stored before: two records of the batch.
        _ = try await database.insertRecords([records[60], records[128]])
        // Listed twice: record 200, also as the batch's last.
        let outcomes = try await database.insertRecords(records + [records[200]])

        let stored = try await database.reader.read { db in
            try Dictionary(uniqueKeysWithValues: Row.fetchAll(db, sql: "SELECT id, externalId, value, startAt FROM healthRecord").map { row in
                (row["externalId"] as String, (id: row["id"] as Int64, value: row["value"] as Double, startAt: row["startAt"] as Date))
            })
        }
        #expect(stored.count == 300)
        #expect(outcomes.count == 301)
        for (index, outcome) in outcomes.enumerated() {
            let record = index < 300 ? records[index] : records[200]
            guard let row = stored[record.externalId ?? ""] else {
                Issue.record("record \(index) is not stored")
                continue
            }
            #expect(outcome.record.id == row.id, "record \(index) answers the row that holds it")
            #expect(outcome.record.value == row.value && row.value == record.value)
            #expect(row.startAt == record.startAt)
            #expect(outcome.inserted == !(index == 60 || index == 128 || index == 300), "record \(index)")
        }
        try await HourlyRollupTests.expectConsistent(database, "after a batch that met retries")
    }
}

import Foundation
import GRDB
import Health
@testable import Storage
import Testing

/// A gateway sample's id is found again within the hour the sample started (migration `v9-gateway-sample-hours`):
/// retries are still recognised, every look-up by a client id goes through its index, other sources keep their ids
/// unique across all time, and a database from before the migration keeps recognising what it stored.
@Suite struct GatewaySampleHoursTests {
    let start = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01 00:00 UTC

    func sample(_ userId: Int64, id: String, minutes: Double) -> HealthRecord {
        Fixtures.record(userId: userId, value: minutes, externalId: id, at: start.addingTimeInterval(minutes * 60))
    }

    @Test func aRetriedBatchIsRecognisedSampleBySample() async throws {
        let database = try AppDatabase.temporary()
        let alice = try await database.createUser(User(username: "alice", passwordHash: "x", createdAt: start))
        let batch = (0..<150).map { sample(alice.id!, id: UUID().uuidString.lowercased(), minutes: Double($0)) }
        let first = try await database.ingestGatewayBatch(batch)
        let retry = try await database.ingestGatewayBatch(batch.shuffled())
        #expect(first.allSatisfy { $0.inserted })
        #expect(retry.allSatisfy { !$0.inserted })
        #expect(Set(retry.map(\.record.id)) == Set(first.map(\.record.id)))
        #expect(try await database.recordCount(userId: alice.id!) == 150)
    }

    /// The rule, stated: HealthKit never moves a sample's dates under its id, so an id is looked up in its start hour.
    @Test func theSameIdStartingInAnotherHourIsAnotherSample() async throws {
        let database = try AppDatabase.temporary()
        let alice = try await database.createUser(User(username: "alice", passwordHash: "x", createdAt: start))
        let id = UUID().uuidString.lowercased()
        _ = try await database.ingestGatewayBatch([sample(alice.id!, id: id, minutes: 5)])
        let sameHour = try await database.ingestGatewayBatch([sample(alice.id!, id: id, minutes: 50)])
        let nextHour = try await database.ingestGatewayBatch([sample(alice.id!, id: id, minutes: 65)])
        #expect(sameHour.map(\.inserted) == [false])
        #expect(nextHour.map(\.inserted) == [true])
        // Another owner's samples never collide with hers.
        let bob = try await database.createUser(User(username: "bob", passwordHash: "x", createdAt: start))
        #expect(try await database.ingestGatewayBatch([sample(bob.id!, id: id, minutes: 5)]).map(\.inserted) == [true])
    }

    @Test func aRecordsAPIClientIdStaysUniqueAcrossTime() async throws {
        let database = try AppDatabase.temporary()
        let alice = try await database.createUser(User(username: "alice", passwordHash: "x", createdAt: start))
        func manual(_ day: Double) -> HealthRecord {
            HealthRecord(
                userId: alice.id!, metric: "bodyMass", value: 60 + day, originalValue: 60 + day, originalUnit: "kg",
                startAt: start.addingTimeInterval(day * 86_400), endAt: start.addingTimeInterval(day * 86_400), source: .manual,
                externalId: "weigh-in-1", createdAt: start
            )
        }
        let first = try await database.insertRecords([manual(0)])
        let again = try await database.insertRecords([manual(3)])
        #expect(again.map(\.inserted) == [false])
        #expect(again.first?.record.id == first.first?.record.id)
        #expect(again.first?.record.value == 60)
    }

    @Test func everyLookUpByClientIdUsesItsIndex() async throws {
        let database = try AppDatabase.temporary()
        func plan(_ request: QueryInterfaceRequest<HealthRecord>) throws -> String {
            try database.writer.read { (db: Database) throws -> String in
                let statement = try request.makePreparedRequest(db).statement
                return try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + statement.sql, arguments: statement.arguments)
                    .map { $0["detail"] as String? ?? "" }.joined(separator: "; ")
            }
        }
        let startText = DatabaseDateText.string(start)
        for (source, index) in [("gateway", "healthRecord_byGatewaySample"), ("manual", "healthRecord_byExternalId"), ("health-auto-export", "healthRecord_byExternalId")] {
            let request = HealthRecord.owned(by: 1).filter(StoredExternalId.filter(source: source, externalId: "x", startText: startText))
            let detail = try plan(request)
            #expect(detail.contains(index), "\(source): \(detail)")
        }
        let healthAutoExport = try await database.writer.read { (db: Database) throws -> String in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN SELECT id, value FROM healthRecord WHERE userId = 1 AND source = 'health-auto-export' AND source <> 'gateway' AND externalId = 'x'")
                .map { $0["detail"] as String? ?? "" }.joined()
        }
        #expect(healthAutoExport.contains("healthRecord_byExternalId"))
    }

    @Test func aDatabaseFromBeforeTheMigrationStillRecognisesItsSamples() async throws {
        let old = try AppDatabase.temporary()
        let alice = try await old.createUser(User(username: "alice", passwordHash: "x", createdAt: start))
        let batch = (0..<20).map { sample(alice.id!, id: UUID().uuidString.lowercased(), minutes: Double($0 * 7)) }
        _ = try await old.ingestGatewayBatch(batch)
        // Put the schema back as v8 left it.
        try await old.writer.write { db in
            try db.execute(sql: """
                DROP INDEX healthRecord_byGatewaySample;
                DROP INDEX healthRecord_byExternalId;
                CREATE UNIQUE INDEX healthRecord_byExternalId ON healthRecord(userId, source, externalId) WHERE externalId IS NOT NULL;
                DELETE FROM grdb_migrations WHERE identifier = 'v9-gateway-sample-hours';
                """)
        }
        let migrated = try AppDatabase.open(path: old.writer.path)
        let indexes = try await migrated.reader.read { db in
            try Row.fetchAll(db, sql: "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'healthRecord'")
                .reduce(into: [String: String]()) { $0[$1["name"]] = $1["sql"] }
        }
        #expect(indexes["healthRecord_byGatewaySample"] != nil)
        #expect(indexes["healthRecord_byExternalId"]?.contains("source <> 'gateway'") == true)
        let retry = try await migrated.ingestGatewayBatch(batch)
        #expect(retry.allSatisfy { !$0.inserted })
        #expect(try await migrated.recordCount(userId: alice.id!) == 20)
    }
}

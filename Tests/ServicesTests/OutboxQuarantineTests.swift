import EventStream
import Foundation
import GRDB
import Health
import Logging
@testable import Services
import Storage
import Testing

/// An outbox row the relay cannot read (only damage to the database file makes one) is set aside, kept as it was, and
/// the messages after it are published: before, the relay retried that row for good and published nothing more.
@Suite struct OutboxQuarantineTests {
    /// Stores one gateway batch of `count` samples, its messages in one outbox row, as the gateway does.
    static func ingest(_ count: Int, first: Int, userId: Int64, database: AppDatabase) async throws {
        let samples = try (first..<(first + count)).map { index in
            try JSONDecoder().decode(GatewaySample.self, from: Data(#"""
                {"id": "sample-\#(index)", "type": "stepCount", "value": \#(index), "unit": "count", "startDate": "2026-11-26T09:00:00Z", "endDate": "2026-11-26T09:01:00Z"}
                """#.utf8))
        }
        let payload = try JSONDecoder().decode(GatewayPayload.self, from: Data(#"{"deviceId": "dev", "userId": "user123", "samples": []}"#.utf8))
        let json = Dictionary(uniqueKeysWithValues: samples.map { ($0.id, GatewayKafkaMessageWriter.json(for: $0)) })
        let outbox = GatewayIngestService.outbox(header: .init(payload), samples: json, userId: userId, now: Date())
        let records = samples.enumerated().map { offset, sample in
            let start = Date(timeIntervalSince1970: 1_767_225_600 + Double(first + offset) * 60)
            return HealthRecord(
                userId: userId, metric: "stepCount", value: sample.value, originalValue: sample.value, originalUnit: "count",
                startAt: start, endAt: start.addingTimeInterval(60), source: .gateway, externalId: sample.id, createdAt: Date()
            )
        }
        _ = try await database.ingestGatewayBatch(records, messageHeader: outbox.header, message: outbox.message)
    }

    /// Row 4's framing no longer holds two messages; row 5's one sample is no longer in the codec's form.
    static let damagedFraming = Data([0, 0, 0, 9, 1])
    static let damagedSample = Data([1, 0xFF, 0xFF])

    /// Seven messages in four rows (1–2 in row 2, 3–4 in row 4, 5 in row 5, 6–7 in row 7), rows 4 and 5 damaged.
    static func outboxWithTwoDamagedRows(userId: Int64, database: AppDatabase) async throws {
        try await ingest(2, first: 1, userId: userId, database: database)
        try await ingest(2, first: 3, userId: userId, database: database)
        try await ingest(1, first: 5, userId: userId, database: database)
        try await ingest(2, first: 6, userId: userId, database: database)
        try await database.writer.write { db in
            try db.execute(sql: "UPDATE gatewayOutbox SET payload = ? WHERE id = 4", arguments: [damagedFraming])
            try db.execute(sql: "UPDATE gatewayOutbox SET payload = ? WHERE id = 5", arguments: [damagedSample])
        }
    }

    @Test func aRowThatCannotBeReadIsSetAsideAndTheMessagesAfterItArePublished() async throws {
        let database = try AppDatabase.temporary()
        let alice = try await database.createUser(User(username: "alice", passwordHash: "x", createdAt: Date()))
        let userId = try #require(alice.id)
        try await Self.outboxWithTwoDamagedRows(userId: userId, database: database)
        let quarantinedAt = Date(timeIntervalSince1970: 1_800_000_000)
        let outbox = SQLiteOutbox(database: database, now: { quarantinedAt })

        let entries = try await outbox.pending(after: 0, limit: 100)
        #expect(entries.map(\.id) == [1, 2, 6, 7])
        let writer = GatewayKafkaMessageWriter(deviceId: "dev", userId: "user123", timestamp: nil, appVersion: nil, accountId: userId)
        let sixth = try JSONDecoder().decode(GatewaySample.self, from: Data(#"{"id": "sample-6", "type": "stepCount", "value": 6, "unit": "count", "startDate": "2026-11-26T09:00:00Z", "endDate": "2026-11-26T09:01:00Z"}"#.utf8))
        #expect(entries[2].value == writer.message(for: sixth))

        // Kept as they were, with why and when; counted apart from the messages still waiting.
        let kept = try database.reader.read { db in
            try Row.fetchAll(db, sql: "SELECT id, userId, messageCount, payload, reason, quarantinedAt FROM gatewayOutboxQuarantine ORDER BY id")
        }
        #expect(kept.map { $0["id"] as Int64 } == [4, 5])
        #expect(kept.map { $0["messageCount"] as Int } == [2, 1])
        #expect(kept.map { $0["payload"] as Data } == [Self.damagedFraming, Self.damagedSample])
        #expect(kept.allSatisfy { ($0["userId"] as Int64) == userId && ($0["reason"] as String).contains("payload") })
        #expect(kept.allSatisfy { ($0["quarantinedAt"] as Date) == quarantinedAt })
        let state = try await database.outboxState()
        #expect(state.depth == 4)
        #expect(state.quarantined == 3)

        // Reading again moves nothing more and gives the same messages.
        #expect(try await outbox.pending(after: 0, limit: 100).map(\.id) == [1, 2, 6, 7])
        #expect(try await database.outboxState().quarantined == 3)

        // They belong to their owner's account and go with it.
        _ = try await database.deleteUser(id: userId)
        let emptied = try await database.outboxState()
        #expect(emptied.depth == 0 && emptied.quarantined == 0)
    }

    /// A number no row holds (published or already set aside meanwhile) moves nothing.
    @Test func aMessageNoRowHoldsMovesNothing() async throws {
        let database = try AppDatabase.temporary()
        let alice = try await database.createUser(User(username: "alice", passwordHash: "x", createdAt: Date()))
        try await Self.ingest(2, first: 1, userId: try #require(alice.id), database: database)
        #expect(try await database.quarantineOutbox(rowHolding: 3, reason: "test", now: Date()) == 0)
        #expect(try await database.quarantineOutbox(rowHolding: 0, reason: "test", now: Date()) == 0)
        #expect(try await database.outboxState().depth == 2)
        #expect(try await database.quarantineOutbox(rowHolding: 1, reason: "test", now: Date()) == 2)
        #expect(try await database.outboxState().quarantined == 2)
    }
}

/// The same, as a downstream consumer sees it: the relay, against librdkafka's mock cluster, publishes every readable
/// message past two damaged rows and empties the outbox. (Kafka suites run one at a time: see the Makefile.)
@Suite(.serialized, .timeLimit(.minutes(3))) struct OutboxQuarantineRelayTests {
    @Test func theRelayPublishesEveryReadableMessagePastDamagedRows() async throws {
        let cluster = try KafkaMockCluster(brokers: 1)
        try cluster.createTopic("health-data", partitions: 1)
        try cluster.createTopic("positions", partitions: 1)
        let database = try AppDatabase.temporary()
        let alice = try await database.createUser(User(username: "alice", passwordHash: "x", createdAt: Date()))
        let userId = try #require(alice.id)
        try await OutboxQuarantineTests.outboxWithTwoDamagedRows(userId: userId, database: database)
        let messages = try await GatewayKafkaMessageAsReceivedTests.relay(database, cluster: cluster)
        #expect(try await database.outboxState().quarantined == 3)
        let published = try messages.map {
            try JSONDecoder().decode(GatewayKafkaMessage.self, from: $0.value).sample.id
        }
        #expect(published == ["sample-1", "sample-2", "sample-6", "sample-7"])
    }
}

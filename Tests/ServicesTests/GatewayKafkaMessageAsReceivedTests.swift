import EventStream
import Foundation
import Health
import Logging
@testable import Services
import Storage
import Testing

/// A consumer written for the reference gateway reads `sample` as the phone sent it (reference/gateway-protocol.md):
/// members a later app version adds, the phone's own fields, numbers as written. Both gateways' messages, read back
/// from librdkafka's mock cluster, carry the sample's JSON unchanged between the batch's fields; before, they carried
/// only the fields Kiroku knows, re-encoded (`72.50` became `72.5`, a 20-digit id in metadata `12345678901234567000`,
/// unknown members were gone). (Kafka suites run one at a time: see the Makefile.)
@Suite(.serialized, .timeLimit(.minutes(3))) struct GatewayKafkaMessageAsReceivedTests {
    static let now = Date(timeIntervalSince1970: 1_796_083_200) // 2026-12-01T00:00:00Z

    /// What a newer app version sends: every optional field, members Kiroku does not know (one nested), a value with a
    /// trailing zero, an integer no Double holds in metadata.
    static let newer = #"{"id":"6F1C2B9E-3D4A-4E5F-8A7B-9C0D1E2F3A4B","type":"heartRate","value":72.50,"unit":"count/min","startDate":"2026-11-30T09:00:00+09:00","endDate":"2026-11-30T09:00:00+09:00","sourceBundle":"com.apple.health","metadata":{"HKMetadataKeySyncIdentifier":12345678901234567890,"device":"Apple Watch","laps":[1,2.5e0,{"b":null,"a":true}]},"isSynced":false,"createdAt":"2026-11-30T09:00:05.123+09:00","timezone":"Asia/Tokyo","timezoneOffset":540,"heartRateContext":{"motion":"sedentary","confidence":0.98},"wasUserEntered":false}"#
    /// Written with spaces and line breaks between tokens, which the message leaves out (text inside strings is kept).
    static let spaced = "{ \"id\": \"7a1c2b9e-3d4a-4e5f-8a7b-9c0d1e2f3a4b\",\n  \"type\": \"stepCount\", \"value\": 1500, \"unit\": \"count\",\n  \"startDate\": \"2026-11-30T08:00:00Z\", \"endDate\": \"2026-11-30T09:00:00Z\", \"note\": \"two  spaces\\n \\\"kept\\\"\" }"
    static let spacedAsSent = #"{"id":"7a1c2b9e-3d4a-4e5f-8a7b-9c0d1e2f3a4b","type":"stepCount","value":1500,"unit":"count","startDate":"2026-11-30T08:00:00Z","endDate":"2026-11-30T09:00:00Z","note":"two  spaces\n \"kept\""}"#

    static let body = Data("""
        {"deviceId": "550e8400-e29b-41d4-a716-446655440000", "userId": "user123", "timestamp": "2026-11-30T10:00:00Z", "appVersion": "2.3.0",
         "samples": [\(newer), \(spaced)]}
        """.utf8)

    static func cluster() throws -> KafkaMockCluster {
        let cluster = try KafkaMockCluster(brokers: 1)
        try cluster.createTopic("health-data", partitions: 1)
        try cluster.createTopic("positions", partitions: 1)
        return cluster
    }

    /// Runs the relay until the outbox is empty (checked); returns what the topic holds.
    static func relay(_ database: AppDatabase, cluster: KafkaMockCluster) async throws -> [KafkaMessage] {
        let logger = Logger(label: "test")
        let producer = try KafkaProducer(
            configuration: .init(bootstrapServers: cluster.bootstrapServers, transactionalId: "relay-test", options: ["linger.ms": "1"]), logger: logger
        )
        let reader = KafkaTopicReader(bootstrapServers: cluster.bootstrapServers)
        let relay = OutboxRelay(
            source: SQLiteOutbox(database: database, logger: logger), producer: producer, reader: reader,
            topic: "health-data", positionTopic: "positions", logger: logger, batchSize: 100, maxBackoff: .seconds(1)
        )
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await producer.run() }
            group.addTask { try await relay.run() }
            let deadline = ContinuousClock.now + .seconds(60)
            while try await database.outboxState().depth > 0, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(50))
            }
            group.cancelAll()
        }
        #expect(try await database.outboxState().depth == 0)
        return try await reader.readAll(topic: "health-data")
    }

    @Test func theRelayedMessageCarriesTheSampleAsReceivedAndTheBatchTimestamp() async throws {
        let cluster = try Self.cluster()
        let database = try AppDatabase.temporary()
        let alice = try await database.createUser(User(username: "alice", passwordHash: "x", createdAt: Self.now))
        let userId = try #require(alice.id)
        let ingest = GatewayIngestService(database: database, settings: GatewaySettings(kafkaEnabled: true))
        let outcome = try await ingest.ingest(Self.body, userId: userId, now: Self.now)
        #expect(outcome.stored == 2 && outcome.rejections.isEmpty, "\(outcome.rejections)")

        let messages = try await Self.relay(database, cluster: cluster)
        let batch = #""deviceId":"550e8400-e29b-41d4-a716-446655440000","sample":"#
        #expect(messages.map { String(decoding: $0.value, as: UTF8.self) } == [
            #"{"accountId":\#(userId),"appVersion":"2.3.0",\#(batch)\#(Self.newer),"timestamp":"2026-11-30T10:00:00Z","userId":"user123"}"#,
            #"{"accountId":\#(userId),"appVersion":"2.3.0",\#(batch)\#(Self.spacedAsSent),"timestamp":"2026-11-30T10:00:00Z","userId":"user123"}"#,
        ])
        #expect(messages.allSatisfy { $0.keyString == "\(userId):user123" })
        // Still what `kiroku ingest --from-kafka` and other JSONDecoder readers take.
        #expect(try messages.map { try JSONDecoder().decode(GatewayKafkaMessage.self, from: $0.value).sample.isSynced } == [false, nil])
    }

    @Test func theStatelessGatewaysMessageCarriesTheSampleAsReceivedAndTheBatchTimestamp() async throws {
        let cluster = try Self.cluster()
        let logger = Logger(label: "test")
        let producer = try KafkaProducer(configuration: .init(bootstrapServers: cluster.bootstrapServers, options: ["linger.ms": "1"]), logger: logger)
        let publisher = KafkaBatchPublisher(producer: producer, topic: "health-data")
        let forwarding = GatewayForwardService(settings: GatewaySettings(), publisher: publisher, topic: "health-data", deliveryTimeout: .seconds(10), logger: logger)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await publisher.run() }
            let outcome = try await forwarding.forward(Self.body, owner: "hanako", now: Self.now)
            #expect(outcome.stored == 2 && outcome.rejections.isEmpty, "\(outcome.rejections)")
            group.cancelAll()
        }
        let messages = try await KafkaTopicReader(bootstrapServers: cluster.bootstrapServers).readAll(topic: "health-data")
        let batch = #"{"appVersion":"2.3.0","deviceId":"550e8400-e29b-41d4-a716-446655440000","owner":"hanako","sample":"#
        #expect(Set(messages.map { String(decoding: $0.value, as: UTF8.self) }) == [
            #"\#(batch)\#(Self.newer),"timestamp":"2026-11-30T10:00:00Z","userId":"user123"}"#,
            #"\#(batch)\#(Self.spacedAsSent),"timestamp":"2026-11-30T10:00:00Z","userId":"user123"}"#,
        ])
    }

    /// Rows the previous version left in the outbox (each sample's known fields in the codec's version 1) are published
    /// as that version published them, beside rows written now.
    @Test func rowsThePreviousVersionWroteAreStillRelayedAsItRelayedThem() async throws {
        let cluster = try Self.cluster()
        let database = try AppDatabase.temporary()
        let alice = try await database.createUser(User(username: "alice", passwordHash: "x", createdAt: Self.now))
        let userId = try #require(alice.id)
        let old = try JSONDecoder().decode(GatewaySample.self, from: Data(#"{"id": "8b1c2b9e-3d4a-4e5f-8a7b-9c0d1e2f3a4b", "type": "bodyMass", "value": 61.2, "unit": "kg", "startDate": "2026-11-29T07:00:00Z", "endDate": "2026-11-29T07:00:00Z", "isSynced": true, "metadata": {"n": 3}}"#.utf8))
        let header = GatewayIngestService.PayloadHeader(try JSONDecoder().decode(GatewayPayload.self, from: Data(#"{"deviceId": "dev", "userId": "user123", "timestamp": "2026-11-29T08:00:00Z", "samples": []}"#.utf8)))
        let record = HealthRecord(
            userId: userId, metric: "weight", value: 61.2, originalValue: 61.2, originalUnit: "kg", startAt: Self.now.addingTimeInterval(-86_400 * 2),
            endAt: Self.now.addingTimeInterval(-86_400 * 2), source: .gateway, externalId: old.id, createdAt: Self.now
        )
        _ = try await database.ingestGatewayBatch([record], messageHeader: GatewayOutboxCodec.header(header, accountId: userId)) { _ in
            OutboxMessage(userId: userId, messageKey: "\(userId):user123", payload: GatewayOutboxCodec.sample(old), createdAt: Self.now)
        }
        _ = try await GatewayIngestService(database: database, settings: GatewaySettings(kafkaEnabled: true)).ingest(Self.body, userId: userId, now: Self.now)

        let messages = try await Self.relay(database, cluster: cluster).map { String(decoding: $0.value, as: UTF8.self) }
        #expect(messages.count == 3)
        #expect(messages.first == #"{"accountId":\#(userId),"deviceId":"dev","sample":{"endDate":"2026-11-29T07:00:00Z","id":"8b1c2b9e-3d4a-4e5f-8a7b-9c0d1e2f3a4b","isSynced":true,"metadata":{"n":3},"startDate":"2026-11-29T07:00:00Z","type":"bodyMass","unit":"kg","value":61.2},"timestamp":"2026-11-29T08:00:00Z","userId":"user123"}"#)
        #expect(messages.dropFirst().first?.contains(Self.newer) == true)
    }
}

import EventStream
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
@testable import Server
import Services
import Storage
import Testing

/// The protocol says metadata is string → string, but clients send arrays and objects in it (a workout's laps, a
/// zone's bounds). The sample with one was refused whole; now it is stored with the value as compact JSON text, and
/// the Kafka message carries the value as it came.
@Suite struct GatewayNestedMetadataTests {
    @Test func aSampleWithAnArrayOrObjectInItsMetadataIsStoredAndForwardedWithIt() async throws {
        let server = try TestServer(gateway: GatewaySettings(kafkaEnabled: true))
        let (alice, token) = try await server.user("alice")
        let body = ByteBuffer(string: """
            {"deviceId": "550e8400-e29b-41d4-a716-446655440000", "userId": "user123", "timestamp": "2024-01-15T10:30:00Z",
             "appVersion": "1.2.0", "samples": [
              {"id": "6f1c2b9e-3d4a-4e5f-8a7b-9c0d1e2f3a4b", "type": "heartRate", "value": 72, "unit": "count/min",
               "startDate": "2024-01-15T09:00:00Z", "endDate": "2024-01-15T09:00:00Z",
               "metadata": {"laps": [1, 2.5, true, null], "zone": { "name": "有酸素", "max": 150, "min": 120 }, "device": "Apple Watch",
                            "HKMetadataKeyHeartRateMotionContext": 1}}]}
            """)
        try await server.test { client in
            let response = try await client.execute(uri: "/api/v1/health-data/", method: .post, headers: GatewayAPITests.apiKey(token), body: body)
            #expect(response.status == .ok)
            let answer = try response.json()
            #expect(answer["success"] as? Bool == true && answer["syncedCount"] as? Int == 1, "\(answer)")
            #expect((answer["rejected"] as? [Any] ?? []).isEmpty, "\(answer)")
        }
        let record = try #require(try await server.database.allRecords(userId: alice.id!).first)
        #expect(record.metadata?["laps"] == "[1,2.5,true,null]")
        #expect(record.metadata?["zone"] == #"{"max":150,"min":120,"name":"有酸素"}"#)
        #expect(record.metadata?["device"] == "Apple Watch")
        #expect(record.metadata?["HKMetadataKeyHeartRateMotionContext"] == "1")

        // What the relay publishes: the values nested as sent, and read back by another gateway's consumer.
        let outbox = try await SQLiteOutbox(database: server.database).pending(after: 0, limit: 10)
        let message = try #require(outbox.first)
        let value = try #require(try JSONSerialization.jsonObject(with: message.value) as? [String: Any])
        let metadata = try #require((value["sample"] as? [String: Any])?["metadata"] as? [String: Any])
        let laps = try #require(metadata["laps"] as? [Any])
        #expect(laps.count == 4 && laps[0] as? Int == 1 && laps[1] as? Double == 2.5 && laps[2] as? Bool == true && laps[3] is NSNull)
        let zone = try #require(metadata["zone"] as? [String: Any])
        #expect(zone["name"] as? String == "有酸素" && zone["max"] as? Int == 150 && zone["min"] as? Int == 120)
        let read = try JSONDecoder().decode(GatewayKafkaMessage.self, from: message.value)
        #expect(read.sample.metadata?["zone"]?.text == #"{"max":150,"min":120,"name":"有酸素"}"#)
    }

    /// Whole numbers a Double does not hold exactly (HealthKit sync identifiers, a device's serial as a number) are
    /// stored as their digits, by the gateway and by the consumer of a stateless gateway's messages; they were stored
    /// rounded (`1.2345678901234567e+19`, and 9007199254740993 as `9007199254740992.0`).
    @Test func aWholeNumberNoDoubleHoldsIsStoredAsItsDigits() async throws {
        let server = try TestServer()
        let (alice, token) = try await server.user("alice")
        let metadata = #"{"syncIdentifier": 12345678901234567890, "n": 9007199254740993, "negative": -9223372036854775807, "small": 3, "nested": [18446744073709551615]}"#
        let body = ByteBuffer(string: """
            {"deviceId": "550e8400-e29b-41d4-a716-446655440000", "userId": "user123", "samples": [
              {"id": "6f1c2b9e-3d4a-4e5f-8a7b-9c0d1e2f3a4b", "type": "heartRate", "value": 72, "unit": "count/min",
               "startDate": "2024-01-15T09:00:00Z", "endDate": "2024-01-15T09:00:00Z", "metadata": \(metadata)}]}
            """)
        try await server.test { client in
            let response = try await client.execute(uri: "/api/v1/health-data/", method: .post, headers: GatewayAPITests.apiKey(token), body: body)
            #expect(try response.json()["syncedCount"] as? Int == 1)
        }
        let expected = ["syncIdentifier": "12345678901234567890", "n": "9007199254740993", "negative": "-9223372036854775807", "small": "3", "nested": "[18446744073709551615]"]
        let stored = try #require(try await server.database.allRecords(userId: alice.id!).first?.metadata)
        #expect(stored.filter { expected[$0.key] != nil } == expected)

        // The same sample through a stateless gateway's message, stored by `kiroku ingest --from-kafka`.
        let (bob, _) = try await server.user("bob")
        let message = #"{"deviceId":"d","owner":"bob","sample":{"id":"7a1c2b9e-3d4a-4e5f-8a7b-9c0d1e2f3a4b","type":"heartRate","value":72,"unit":"count/min","startDate":"2024-01-15T09:00:00Z","endDate":"2024-01-15T09:00:00Z","metadata":\#(metadata)},"userId":"user123"}"#
        let tally = try await GatewayKafkaIngestService(database: server.database).store([KafkaMessage(partition: 0, offset: 0, key: nil, value: Data(message.utf8))], now: Date())
        #expect(tally.stored == 1, "\(tally.skipped)")
        let consumed = try #require(try await server.database.allRecords(userId: bob.id!).first?.metadata)
        #expect(consumed.filter { expected[$0.key] != nil } == expected)
    }
}

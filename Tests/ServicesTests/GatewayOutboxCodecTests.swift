import EventStream
import Foundation
import GRDB
import Health
@testable import Services
import Storage
import Testing

/// Rows the previous version wrote keep samples in a compact form (version 1), and the relay writes the Kafka message
/// from it: that message must be byte for byte the one written from the sample's fields, for every shape of sample a
/// phone sends. Rows written now hold the sample's JSON as received.
@Suite struct GatewayOutboxCodecTests {
    /// Samples as versions of the app send them: every optional field absent and present, metadata of each kind,
    /// text that needs escaping, numbers JSON writes in different ways.
    static let samples: [String] = [
        #"{"id": "123e4567-e89b-12d3-a456-426614174000", "type": "stepCount", "value": 1500, "unit": "count", "startDate": "2024-01-15T09:00:00Z", "endDate": "2024-01-15T10:00:00+09:00"}"#,
        #"{"id": "A23E4567-E89B-12D3-A456-426614174000", "type": "heartRate", "value": 72.35, "unit": "count/min", "startDate": "s", "endDate": "e", "sourceBundle": "com.apple.health", "isSynced": false, "createdAt": "2026-11-26T00:00:00Z", "timezone": "Asia/Tokyo", "timezoneOffset": 540}"#,
        #"{"id": "x", "type": "bodyMass", "value": -0.0, "unit": "kg", "startDate": "s", "endDate": "e", "isSynced": true, "metadata": {"a/b": 3, "c": 2.5, "d": false, "e": null, "f": true, "g": "Apple Watch \"Ultra\"\n日本", "": "empty key"}}"#,
        #"{"id": "y", "type": "vitaminC", "value": 1e-7, "unit": "mg", "startDate": "s", "endDate": "e", "metadata": {}, "timezoneOffset": -18000}"#,
        #"{"id": "z", "type": "distanceWalkingRunning", "value": 1e21, "unit": "m", "startDate": "\u0001", "endDate": "e\\", "timezone": ""}"#,
        #"{"id": "n", "type": "heartRate", "value": 60, "unit": "count/min", "startDate": "s", "endDate": "e", "metadata": {"laps": [1, 2.5, [], {"z": true, "a": null}], "zone": {"max": 180, "name": "高\n"}, "empty": {}}}"#,
    ]

    static let headers: [GatewayIngestService.PayloadHeader] = [
        .init(try! JSONDecoder().decode(GatewayPayload.self, from: Data(#"{"deviceId": "dev/1", "userId": "花子", "appVersion": "1.0.0", "samples": []}"#.utf8))),
        .init(try! JSONDecoder().decode(GatewayPayload.self, from: Data(#"{"deviceId": "", "userId": "user123", "timestamp": "2026-11-26T00:00:00Z", "samples": []}"#.utf8))),
    ]

    @Test(arguments: 0..<samples.count)
    func theRelaysMessageIsTheOneWrittenFromTheSampleAsReceived(index: Int) throws {
        let sample = try JSONDecoder().decode(GatewaySample.self, from: Data(Self.samples[index].utf8))
        let stored = GatewayOutboxCodec.sample(sample)
        #expect(try GatewayOutboxCodec.sample(from: stored) == sample)
        // As the relay reads it: a slice of the row's bytes, which starts past index 0.
        #expect(try GatewayOutboxCodec.sample(from: (Data([7, 7, 7]) + stored).dropFirst(3)) == sample)
        for header in Self.headers {
            let direct = GatewayKafkaMessageWriter(deviceId: header.deviceId, userId: header.userId, timestamp: header.timestamp, appVersion: header.appVersion, accountId: 42)
            let relayed = try GatewayOutboxCodec.writer(fromHeader: GatewayOutboxCodec.header(header, accountId: 42))
            let message = relayed.message(for: try GatewayOutboxCodec.sample(from: stored))
            #expect(message == direct.message(for: sample))
            // And it is JSON that gives the sample back (escapes included), read by Foundation, not by Kiroku's reader.
            #expect(try JSONDecoder().decode(GatewayKafkaMessage.self, from: message).sample == sample)
        }
        // Smaller than the message it stands for: that is what it is for.
        #expect(stored.count < GatewayKafkaMessageWriter(deviceId: "d", userId: "u", timestamp: nil, appVersion: nil).message(for: sample).count)
    }

    @Test func bytesThatAreNotASampleOrAHeaderAreRefused() throws {
        let sample = try JSONDecoder().decode(GatewaySample.self, from: Data(Self.samples[1].utf8))
        let stored = GatewayOutboxCodec.sample(sample)
        #expect(throws: GatewayOutboxCodec.Damaged.self) { try GatewayOutboxCodec.sample(from: stored.dropLast()) }
        #expect(throws: GatewayOutboxCodec.Damaged.self) { try GatewayOutboxCodec.sample(from: stored + Data([0])) }
        #expect(throws: GatewayOutboxCodec.Damaged.self) { try GatewayOutboxCodec.sample(from: Data([2]) + stored.dropFirst()) }
        #expect(throws: GatewayOutboxCodec.Damaged.self) { try GatewayOutboxCodec.sample(from: Data()) }
        // The id's first byte (after the version, the flags and the id's four-byte length) made invalid UTF-8.
        var invalidText = stored
        invalidText[invalidText.startIndex + 6] = 0xFF
        #expect(throws: GatewayOutboxCodec.Damaged.self) { try GatewayOutboxCodec.sample(from: invalidText) }
        // A length that runs past the end.
        var longLength = stored
        longLength[longLength.startIndex + 5] = 0x7F
        #expect(throws: GatewayOutboxCodec.Damaged.self) { try GatewayOutboxCodec.sample(from: longLength) }
        #expect(throws: GatewayOutboxCodec.Damaged.self) { try GatewayOutboxCodec.writer(fromHeader: Data(#"{"deviceId":"d"}"#.utf8)) }
        // A sample's JSON cut short or with bytes after it.
        #expect(throws: GatewayOutboxCodec.Damaged.self) { try GatewayOutboxCodec.sampleJSON(from: Data(#"{"id":"x""#.utf8)) }
        #expect(throws: GatewayOutboxCodec.Damaged.self) { try GatewayOutboxCodec.sampleJSON(from: Data(#"{"id":"x"}}"#.utf8)) }
    }

    /// The relay's source: rows the gateway wrote are published as JSON messages, in order, each with its number; a row
    /// from before the compact form (no header) is published as it is stored.
    @Test func theSQLiteOutboxPublishesJSONForCompactRowsAndOlderRowsAsStored() async throws {
        let database = try AppDatabase.temporary()
        let alice = try await database.createUser(User(username: "alice", passwordHash: "x", createdAt: Date()))
        let older = OutboxMessage(userId: alice.id!, messageKey: "k", payload: Data(#"{"old":true}"#.utf8), createdAt: Date())
        try await database.writer.write { db in
            var row = older
            try row.insert(db)
        }
        let body = #"{"deviceId": "dev", "userId": "user123", "appVersion": "2.0", "samples": [\#(Self.samples[0]), \#(Self.samples[1])]}"#
        let payload = try GatewayIngestService.decode(Data(body.utf8), settings: GatewaySettings())
        let samples = payload.samples.compactMap { if case .value(let sample) = $0 { sample } else { nil } }
        let json = Dictionary(uniqueKeysWithValues: samples.indices.map { (samples[$0].id.lowercased(), payload.sampleJSON(at: $0)!) })
        let outbox = GatewayIngestService.outbox(header: .init(payload), samples: json, userId: alice.id!, now: Date())
        let records = samples.enumerated().map { index, sample in
            HealthRecord(
                userId: alice.id!, metric: "stepCount", value: Double(index), originalValue: Double(index), originalUnit: "count",
                startAt: Date(timeIntervalSince1970: 1_767_225_600 + Double(index) * 60), endAt: Date(timeIntervalSince1970: 1_767_225_660 + Double(index) * 60),
                source: .gateway, externalId: sample.id.lowercased(), createdAt: Date()
            )
        }
        _ = try await database.ingestGatewayBatch(records, messageHeader: outbox.header, message: outbox.message)
        let entries = try await SQLiteOutbox(database: database).pending(after: 0, limit: 10)
        #expect(entries.map(\.id) == [1, 2, 3])
        #expect(entries[0].value == older.payload)
        let writer = GatewayKafkaMessageWriter(deviceId: "dev", userId: "user123", timestamp: nil, appVersion: "2.0", accountId: alice.id!)
        #expect(entries.dropFirst().map(\.value) == samples.indices.map { writer.message(sampleJSON: payload.sampleJSON(at: $0)!) })
        #expect(entries.dropFirst().allSatisfy { $0.key == "\(alice.id!):user123" })
    }
}

import EventStream
import Foundation
import Health
import Logging
import Services
import Storage
import Testing
import TestSupport

/// The stateless gateway's two ends that need no Kafka: its key file, and storing what it published.
@Suite struct GatewayKafkaIngestTests {
    static let now = Date(timeIntervalSince1970: 1_790_000_000)

    static func directory() throws -> URL {
        let directory = TestFiles.directory.appendingPathComponent("kiroku-kafka-ingest-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    static func message(owner: String?, sampleId: String, offset: Int64, value: Double = 1_500) throws -> KafkaMessage {
        let sample = try JSONDecoder().decode(GatewaySample.self, from: Data("""
            {"id": "\(sampleId)", "type": "stepCount", "value": \(value), "unit": "count",
             "startDate": "2026-09-20T09:00:00Z", "endDate": "2026-09-20T19:00:00+09:00"}
            """.utf8))
        let value = GatewayKafkaMessage(deviceId: "d", userId: "phone-label", sample: sample, timestamp: nil, appVersion: "1.0.0", owner: owner)
        return KafkaMessage(partition: 0, offset: offset, key: nil, value: try value.encoded())
    }

    @Test func messagesAreStoredOncePerOwnerAndSampleIdAndTheRestIsSkippedWithAReason() async throws {
        let database = try AppDatabase.open(path: try Self.directory().appendingPathComponent("kiroku.sqlite").path)
        let hanako = try await database.createUser(User(username: "hanako", passwordHash: "x", createdAt: Self.now))
        let ingest = GatewayKafkaIngestService(database: database)
        let id = UUID().uuidString.lowercased()
        let first = try await ingest.store([
            try Self.message(owner: "hanako", sampleId: id, offset: 0),
            try Self.message(owner: "hanako", sampleId: id, offset: 1),
            try Self.message(owner: "nobody", sampleId: UUID().uuidString, offset: 2),
            try Self.message(owner: "hanako", sampleId: UUID().uuidString, offset: 3, value: -5),
            KafkaMessage(partition: 0, offset: 4, key: nil, value: Data("not json".utf8)),
        ], now: Self.now)
        #expect(first.stored == 1)
        #expect(first.duplicates == 1, "the retried copy of one sample")
        #expect(first.skipped.map(\.offset) == [2, 3, 4])
        #expect(first.skipped.first?.reason == "no account named nobody")

        let again = try await ingest.store([try Self.message(owner: "hanako", sampleId: id.uppercased(), offset: 0)], now: Self.now)
        #expect(again.stored == 0 && again.duplicates == 1, "read again after a crash: nothing new")
        let records = try await database.allRecords(userId: hanako.id!)
        #expect(records.map(\.externalId) == [id])
        #expect(records.first?.source == "gateway")
        #expect(records.first?.metadata?["gatewayUserId"] == "phone-label")
    }

    @Test func aKeyFileGivesEachKeyItsOwnerAndAnEditTakesEffectWithinASecond() async throws {
        let file = try Self.directory().appendingPathComponent("gateway-keys").path
        let key = try GatewayKeyring.addKey(owner: "hanako", to: file)
        let other = try GatewayKeyring.addKey(owner: "taro", to: file)
        #expect(key.hasPrefix("kgw_"))
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(!text.contains(key), "only hashes are kept")
        #expect((try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int) == 0o600)

        let keys = try GatewayKeyring(path: file, logger: Logger(label: "test"))
        #expect(keys.owner(ofKey: key) == "hanako")
        #expect(keys.owner(ofKey: other) == "taro")
        #expect(keys.owner(ofKey: key + "x") == nil)

        // Revoking taro's key: his line goes.
        let kept = text.split(separator: "\n").filter { $0.hasPrefix("hanako ") }.joined(separator: "\n") + "\n"
        try await Task.sleep(for: .milliseconds(1_100))
        try kept.write(toFile: file, atomically: true, encoding: .utf8)
        #expect(keys.owner(ofKey: other) == nil)
        #expect(keys.owner(ofKey: key) == "hanako")

        // A broken edit refuses every key rather than keeping a revoked one.
        try await Task.sleep(for: .milliseconds(1_100))
        try (kept + "taro not-a-hash\n").write(toFile: file, atomically: true, encoding: .utf8)
        #expect(keys.owner(ofKey: key) == nil)
        #expect(throws: GatewayKeyFileError.self) { try GatewayKeyring.addKey(owner: "no spaces allowed", to: file) }
    }
}

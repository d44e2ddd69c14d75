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
            KafkaMessage(partition: 0, offset: 5, key: nil, value: Data(#"{"deviceId":"d","owner":"hanako","sample":{"id":"x"},"userId":"u"}"#.utf8)),
        ], now: Self.now)
        #expect(first.stored == 1)
        #expect(first.duplicates == 1, "the retried copy of one sample")
        #expect(first.skipped.map(\.offset) == [2, 3, 4, 5])
        #expect(first.skipped.map(\.reason.code) == ["unknown_owner", "sample_refused", "unreadable_message", "sample_refused"])
        #expect(first.skipped.first?.reason == .unknownOwner(username: "nobody"))
        guard case .sampleRefused(let refusal) = first.skipped.last?.reason else { Issue.record("not a refused sample"); return }
        #expect(refusal.en == #"Unreadable sample (missing field "type")"#, "the storing gateway's reason")

        let again = try await ingest.store([try Self.message(owner: "hanako", sampleId: id.uppercased(), offset: 0)], now: Self.now)
        #expect(again.stored == 0 && again.duplicates == 1, "read again after a crash: nothing new")
        let records = try await database.allRecords(userId: hanako.id!)
        #expect(records.map(\.externalId) == [id])
        #expect(records.first?.source == "gateway")
        #expect(records.first?.metadata?["gatewayUserId"] == "phone-label")
    }

    /// A skipped message's log line: its code (the same in any language), its text in the terminal's language, and
    /// never the username a message names, unless personal data is allowed in the log (`--log-pii`). Before, the
    /// reason was one English sentence with the username in it ("no account named …"), logged as it was.
    @Test(arguments: [Language.ja, .en]) func aSkipIsLoggedWithACodeAndATextInTheTerminalsLanguageAndNoUsername(language: Language) async throws {
        let database = try AppDatabase.open(path: try Self.directory().appendingPathComponent("kiroku.sqlite").path)
        _ = try await database.createUser(User(username: "hanako", passwordHash: "x", createdAt: Self.now))
        let tally = try await GatewayKafkaIngestService(database: database).store([
            try Self.message(owner: "yamada.taro", sampleId: UUID().uuidString, offset: 7),
            try Self.message(owner: nil, sampleId: UUID().uuidString, offset: 8),
            KafkaMessage(partition: 2, offset: 9, key: nil, value: Data("not json".utf8)),
            try Self.message(owner: "hanako", sampleId: UUID().uuidString, offset: 10, value: -5),
        ], now: Self.now)
        let lines = LogLines()
        let logger = Logger(label: "kiroku.ingest") { label in JSONLogHandler(label: label, redactor: PersonalDataRedactor(), write: lines.append) }
        for skip in tally.skipped { logger.error("kafka message skipped", metadata: skip.logMetadata(in: language)) }
        let contexts = try lines.all.map { line in
            try #require((try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["context"] as? [String: Any])
        }
        #expect(contexts.map { $0["reason"] as? String } == ["unknown_owner", "no_owner", "unreadable_message", "sample_refused"])
        #expect(contexts.map { $0["offset"] as? String } == ["7", "8", "9", "10"])
        #expect(contexts[2]["partition"] as? String == "2")
        #expect(contexts[0]["username"] as? String == "[redacted]")
        #expect(!lines.all.joined().contains("yamada"), "no username in the log: \(lines.all)")
        let texts = contexts.map { $0["message"] as? String ?? "" }
        switch language {
        case .ja:
            #expect(texts[0] == "所有者として書かれたユーザー名のアカウントがこのデータベースにありません")
            #expect(texts[1].hasPrefix("所有者（owner）がありません") && texts[2].hasPrefix("読み取れないメッセージです"))
        case .en:
            #expect(texts[0] == "No account of this database has the username given as the owner")
            #expect(texts[1] == "No owner (not from a stateless gateway)" && texts[2].hasPrefix("Unreadable message"))
        }
        // A refused sample's reason quotes the value sent (-5 steps): redacted like the username.
        #expect(texts[3].contains("refusal") && !texts[3].contains("-5"))
        #expect(contexts[3]["refusal"] as? String == "[redacted]")
        #expect(!lines.all[3].contains("-5"), "no reading in the log: \(lines.all[3])")

        let allowed = LogLines()
        let unredacted = Logger(label: "kiroku.ingest") { label in JSONLogHandler(label: label, redactor: PersonalDataRedactor(enabled: false), write: allowed.append) }
        let unknownOwner = try #require(tally.skipped.first)
        unredacted.error("kafka message skipped", metadata: unknownOwner.logMetadata(in: language))
        #expect(allowed.all.first?.contains(#""username":"yamada.taro""#) == true, "--log-pii: \(allowed.all)")
        unredacted.error("kafka message skipped", metadata: tally.skipped[3].logMetadata(in: language))
        let refusal = try #require((try JSONSerialization.jsonObject(with: Data(allowed.all[1].utf8)) as? [String: Any])?["context"] as? [String: Any])["refusal"] as? String
        #expect(refusal?.contains("-5") == true, "--log-pii: the storing gateway's reason, \(refusal ?? "none")")
    }

    /// What a newer app version sends: a member Kiroku does not know (nested), integers no Double holds in metadata, a
    /// value and a metadata number with a trailing zero; and a known type in a unit Kiroku does not know, kept raw.
    static let asSent = Data(#"""
        {"deviceId": "d", "userId": "phone-label", "timestamp": "2026-09-20T20:00:00Z", "appVersion": "2.3.0", "samples": [
         {"id": "6f1c2b9e-3d4a-4e5f-8a7b-9c0d1e2f3a4b", "type": "heartRate", "value": 72.50, "unit": "count/min",
          "startDate": "2026-09-20T09:00:00+09:00", "endDate": "2026-09-20T09:00:00+09:00", "timezoneOffset": 540,
          "metadata": {"HKMetadataKeySyncIdentifier": 12345678901234567890, "drift": -12345678901234567890, "ratio": 2.50},
          "heartRateContext": {"motion": "sedentary", "confidence": 0.98}, "wasUserEntered": false},
         {"id": "7a1c2b9e-3d4a-4e5f-8a7b-9c0d1e2f3a4b", "type": "bodyMass", "value": 9.50, "unit": "scale units",
          "startDate": "2026-09-20T07:00:00Z", "endDate": "2026-09-20T07:00:00Z", "metadata": {"scale": 98765432109876543210},
          "scaleModel": "BF-700"}]}
        """#.utf8)

    /// A sample sent through a stateless gateway and `kiroku ingest --from-kafka` is the same record, with the same
    /// metadata, as the sample posted to a storing gateway. Before, the consumer read the message with JSONDecoder:
    /// the members it does not know were gone and the negative 20-digit integer was a Double's exponent form.
    @Test func aSampleThroughKafkaIsStoredAsTheStoringGatewayStoresIt() async throws {
        let database = try AppDatabase.open(path: try Self.directory().appendingPathComponent("kiroku.sqlite").path)
        let alice = try #require(try await database.createUser(User(username: "alice", passwordHash: "x", createdAt: Self.now)).id)
        let bob = try #require(try await database.createUser(User(username: "bob", passwordHash: "x", createdAt: Self.now)).id)
        let direct = try await GatewayIngestService(database: database, settings: GatewaySettings()).ingest(Self.asSent, userId: alice, now: Self.now)
        #expect(direct.stored == 2 && direct.rejections.isEmpty, "\(direct.rejections)")

        // The stateless gateway's messages, as GatewayForwardService writes them.
        let payload = try GatewayIngestService.decode(Self.asSent, settings: GatewaySettings())
        let writer = GatewayKafkaMessageWriter(deviceId: payload.deviceId, userId: payload.userId, timestamp: payload.timestamp, appVersion: payload.appVersion, owner: "bob")
        let messages = try payload.samples.indices.map { index in
            KafkaMessage(partition: 0, offset: Int64(index), key: nil, value: writer.message(sampleJSON: try #require(payload.sampleJSON(at: index))))
        }
        let consumed = try await GatewayKafkaIngestService(database: database).store(messages, now: Self.now)
        #expect(consumed.stored == 2 && consumed.skipped.isEmpty, "\(consumed.skipped)")

        /// An account's rows without what differs between accounts: the row ids and the owner.
        func unowned<Row>(_ rows: [Row], _ id: WritableKeyPath<Row, Int64?>, _ owner: WritableKeyPath<Row, Int64>) -> [Row] {
            rows.map { row in
                var row = row
                row[keyPath: id] = nil
                row[keyPath: owner] = 0
                return row
            }
        }
        let stored = unowned(try await database.allRecords(userId: alice), \.id, \.userId)
        #expect(unowned(try await database.allRecords(userId: bob), \.id, \.userId) == stored)
        let kept = unowned(try await database.rawItems(userId: alice), \.id, \.userId)
        #expect(kept.count == 1)
        #expect(kept.first?.metadata.contains(#""gatewayField.scaleModel":"BF-700""#) == true, "\(kept)")
        #expect(unowned(try await database.rawItems(userId: bob), \.id, \.userId) == kept)
        let metadata = try #require(stored.first?.metadata)
        #expect(metadata["gatewayField.heartRateContext"] == #"{"motion":"sedentary","confidence":0.98}"#)
        #expect(metadata["gatewayField.wasUserEntered"] == "false")
        #expect(metadata["HKMetadataKeySyncIdentifier"] == "12345678901234567890")
        #expect(metadata["drift"] == "-12345678901234567890")
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

import EventStream
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
@testable import Server
import Services
import Storage
import Testing

/// The gateway phone app's protocol (reference/gateway-protocol.md), as the app sends it.
@Suite struct GatewayAPITests {
    /// The reference's example batch, with the fields a newer app version adds.
    static func payload(samples: [[String: Any]], userId: String = "user123") -> ByteBuffer {
        jsonBody([
            "deviceId": "550e8400-e29b-41d4-a716-446655440000", "userId": userId, "timestamp": "2024-01-15T10:30:00Z",
            "appVersion": "1.0.0", "samples": samples,
        ])
    }

    static func sample(id: String = UUID().uuidString, type: String = "stepCount", value: Double = 1500, unit: String = "count", start: String = "2024-01-15T09:00:00Z", end: String = "2024-01-15T10:00:00Z") -> [String: Any] {
        [
            "id": id, "type": type, "value": value, "unit": unit, "startDate": start, "endDate": end,
            "sourceBundle": "com.apple.health", "metadata": ["device": "iPhone"], "isSynced": false,
            "createdAt": "2024-01-15T10:30:00Z", "timezone": "Asia/Seoul", "timezoneOffset": 540,
        ]
    }

    static func apiKey(_ token: String) -> HTTPFields {
        [.contentType: "application/json", .init("X-API-Key")!: token]
    }

    @Test func theAppsExampleBatchIsStoredAndAnsweredInBothShapes() async throws {
        let server = try TestServer()
        let (alice, token) = try await server.user("alice")
        try await server.test { client in
            let samples = [
                Self.sample(id: "123e4567-e89b-12d3-a456-426614174000"),
                Self.sample(type: "bodyMass", value: 70.5, unit: "kg", start: "2024-01-15T07:00:00.250+09:00", end: "2024-01-15T07:00:00.250+09:00"),
                Self.sample(type: "oxygenSaturation", value: 0.97, unit: "%"),
                Self.sample(type: "vitaminC", value: 90, unit: "mg"),
            ]
            var english = Self.apiKey(token)
            english[.acceptLanguage] = "en"
            let response = try await client.execute(uri: "/api/v1/health-data/", method: .post, headers: english, body: Self.payload(samples: samples))
            #expect(response.status == .ok)
            let answer = try response.json()
            #expect(answer["status"] as? String == "success")
            #expect(answer["success"] as? Bool == true)
            #expect(answer["samplesReceived"] as? Int == 4)
            #expect(answer["syncedCount"] as? Int == 4)
            #expect(answer["failedCount"] as? Int == 0)
            #expect(answer["requestId"] is String)
            #expect(answer["message"] as? String == "All data synced successfully")
            // What the app's older versions decode, as they decode it: a whole-second date, or the batch counts as failed.
            struct SyncResponse: Decodable { let success: Bool; let syncedCount: Int; let failedCount: Int; let message: String; let timestamp: Date }
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            let older = try decoder.decode(SyncResponse.self, from: Data(response.body.readableBytesView))
            #expect(older.success && older.syncedCount == 4 && abs(older.timestamp.timeIntervalSinceNow) < 60)
            // Foundation on Linux takes a fraction there; the iOS versions the app runs on did not.
            let timestamp = try #require(answer["timestamp"] as? String)
            #expect(timestamp.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/) != nil, "\(timestamp) has no fraction")
        }
        let records = try await server.database.allRecords(userId: alice.id!)
        #expect(Set(records.map(\.metric)) == ["stepCount", "bodyMass", "oxygenSaturation", "vitaminC"])
        #expect(records.allSatisfy { $0.source == "gateway" })
        #expect(records.first { $0.metric == "oxygenSaturation" }?.value == 97)
        #expect(records.first { $0.metric == "stepCount" }?.externalId == "123e4567-e89b-12d3-a456-426614174000")
        #expect(records.first { $0.metric == "stepCount" }?.metadata?["gatewayUserId"] == "user123")
        #expect(records.first { $0.metric == "stepCount" }?.utcOffsetSeconds == 32_400)
        #expect(records.first { $0.metric == "vitaminC" }?.originalUnit == "mg")
    }

    @Test func aRetriedBatchAnswers200AgainAndAddsNothing() async throws {
        let server = try TestServer()
        let (alice, token) = try await server.user("alice")
        let body = Self.payload(samples: (0..<100).map { _ in Self.sample() })
        try await server.test { client in
            for attempt in 0..<3 {
                let response = try await client.execute(uri: "/api/v1/health-data", method: .post, headers: Self.apiKey(token), body: body)
                #expect(response.status == .ok)
                let answer = try response.json()
                #expect(answer["syncedCount"] as? Int == 100)
                #expect(answer["storedCount"] as? Int == (attempt == 0 ? 100 : 0))
            }
        }
        #expect(try await server.database.allRecords(userId: alice.id!).count == 100)
    }

    @Test func basicAuthWithAccountCredentialsWorksAndWrongCredentialsGet401() async throws {
        let server = try TestServer()
        let (alice, _) = try await server.user("alice")
        try await server.test { client in
            let good = "Basic " + Data("alice:correct horse battery".utf8).base64EncodedString()
            let ok = try await client.execute(uri: "/api/v1/health-data/", method: .post, headers: [.contentType: "application/json", .authorization: good], body: Self.payload(samples: [Self.sample()]))
            #expect(ok.status == .ok)
            let bad = "Basic " + Data("alice:wrong password!".utf8).base64EncodedString()
            let refused = try await client.execute(uri: "/api/v1/health-data/", method: .post, headers: [.contentType: "application/json", .authorization: bad], body: Self.payload(samples: [Self.sample()]))
            #expect(refused.status == .unauthorized)
            let wrongKey = try await client.execute(uri: "/api/v1/health-data/", method: .post, headers: Self.apiKey("krk_not-a-key"), body: Self.payload(samples: [Self.sample()]))
            #expect(wrongKey.status == .unauthorized)
            let none = try await client.execute(uri: "/api/v1/health-data/", method: .post, headers: [.contentType: "application/json"], body: Self.payload(samples: [Self.sample()]))
            #expect(none.status == .unauthorized)
        }
        #expect(try await server.database.allRecords(userId: alice.id!).count == 1)
    }

    @Test func validSamplesAreKeptAndTheAnswerNamesTheInvalidOnes() async throws {
        let server = try TestServer()
        let (alice, token) = try await server.user("alice")
        try await server.test { client in
            let bad = UUID().uuidString
            let samples: [[String: Any]] = [
                Self.sample(),
                Self.sample(id: bad, start: "2024-01-15T10:00:00Z", end: "2024-01-15T09:00:00Z"),
                Self.sample(id: "not-a-uuid"),
                ["id": UUID().uuidString, "type": "stepCount"],
                Self.sample(type: "bodyMass", value: 70, unit: "furlongs"),
            ]
            var headers = Self.apiKey(token)
            headers[.acceptLanguage] = "ja"
            let response = try await client.execute(uri: "/api/v1/health-data/", method: .post, headers: headers, body: Self.payload(samples: samples))
            #expect(response.status == .ok)
            let answer = try response.json()
            #expect(answer["status"] as? String == "partial")
            #expect(answer["success"] as? Bool == false, "an app trusting `success` would mark the refused samples synced")
            #expect(answer["syncedCount"] as? Int == 2, "the sample in an unknown unit is kept raw, so it counts as synced")
            #expect(answer["failedCount"] as? Int == 3)
            let rejected = try #require(answer["rejected"] as? [[String: Any]])
            #expect(rejected.map { $0["index"] as? Int } == [1, 2, 3])
            #expect(rejected[0]["id"] as? String == bad)
            #expect((rejected[2]["reason"] as? String)?.contains("missing field \"value\"") == true, "\(rejected[2])")
            let kept = try #require(answer["keptRaw"] as? [[String: Any]])
            #expect(kept.map { $0["index"] as? Int } == [4])
            #expect((kept.first?["reason"] as? String)?.contains("furlongs") == true)
            #expect(answer["message"] as? String == "2 件を同期、3 件は無効でした")
        }
        #expect(try await server.database.allRecords(userId: alice.id!).count == 1)
    }

    @Test func anotherAccountsDataIsUnreachable() async throws {
        let server = try TestServer()
        let (_, alice) = try await server.user("alice")
        let (bob, bobToken) = try await server.user("bob")
        try await server.test { client in
            _ = try await client.execute(uri: "/api/v1/health-data/", method: .post, headers: Self.apiKey(alice), body: Self.payload(samples: [Self.sample()]))
            let list = try await client.execute(uri: "/api/v1/records?source=gateway", method: .get, headers: .bearer(bobToken))
            #expect((try list.json()["records"] as? [Any])?.isEmpty == true)
        }
        #expect(try await server.database.allRecords(userId: bob.id!).isEmpty)
    }

    @Test func limitsRefuseWholeRequestsAndStoreNothing() async throws {
        let server = try TestServer(gateway: GatewaySettings(maxSamplesPerRequest: 10, maxBodyBytes: 64 * 1024, requestsPerMinute: 3))
        let (alice, token) = try await server.user("alice")
        try await server.test { client in
            let tooMany = try await client.execute(uri: "/api/v1/health-data/", method: .post, headers: Self.apiKey(token), body: Self.payload(samples: (0..<11).map { _ in Self.sample() }))
            #expect(tooMany.status == .contentTooLarge)
            #expect(tooMany.errorCode == "too_many_samples")
            let huge = try await client.execute(uri: "/api/v1/health-data/", method: .post, headers: Self.apiKey(token), body: Self.payload(samples: [Self.sample(type: String(repeating: "x", count: 70_000))]))
            #expect(huge.status == .contentTooLarge)
            #expect(huge.errorCode == "body_too_large")
            let malformed = try await client.execute(uri: "/api/v1/health-data/", method: .post, headers: Self.apiKey(token), body: ByteBuffer(string: "{\"samples\": 3}"))
            #expect(malformed.status == .badRequest)
            #expect(malformed.errorCode == "malformed_payload")
            let limited = try await client.execute(uri: "/api/v1/health-data/", method: .post, headers: Self.apiKey(token), body: Self.payload(samples: [Self.sample()]))
            #expect(limited.status == .tooManyRequests)
            #expect(limited.headers[.retryAfter] != nil)
        }
        #expect(try await server.database.allRecords(userId: alice.id!).isEmpty)
    }

    @Test func withKafkaOnEachNewSampleGetsOneOutboxMessageAndAFullOutboxAnswers503() async throws {
        let server = try TestServer(gateway: GatewaySettings(outboxLimit: 3, kafkaEnabled: true))
        let (alice, token) = try await server.user("alice")
        let body = Self.payload(samples: [Self.sample(id: "123e4567-e89b-12d3-a456-426614174000"), Self.sample()])
        try await server.test { client in
            _ = try await client.execute(uri: "/api/v1/health-data/", method: .post, headers: Self.apiKey(token), body: body)
            _ = try await client.execute(uri: "/api/v1/health-data/", method: .post, headers: Self.apiKey(token), body: body)
            let full = try await client.execute(uri: "/api/v1/health-data/", method: .post, headers: Self.apiKey(token), body: Self.payload(samples: [Self.sample(), Self.sample()]))
            #expect(full.status == .serviceUnavailable)
            #expect(full.errorCode == "outbox_full")
        }
        let outbox = try await SQLiteOutbox(database: server.database).pending(after: 0, limit: 10)
        #expect(outbox.count == 2, "a retried batch adds no second message")
        #expect(outbox.allSatisfy { $0.key == "\(alice.id!):user123" })
        let value = try #require(try JSONSerialization.jsonObject(with: outbox[0].value) as? [String: Any])
        #expect(value["userId"] as? String == "user123")
        #expect(value["accountId"] as? Int == Int(alice.id!))
        #expect((value["sample"] as? [String: Any])?["id"] as? String == "123e4567-e89b-12d3-a456-426614174000")
        #expect(value["appVersion"] as? String == "1.0.0")
        #expect(try await server.database.allRecords(userId: alice.id!).count == 2)
    }

    @Test func withoutKafkaThereAreNoOutboxRows() async throws {
        let server = try TestServer()
        let (_, token) = try await server.user("alice")
        try await server.test { client in
            _ = try await client.execute(uri: "/api/v1/health-data/", method: .post, headers: Self.apiKey(token), body: Self.payload(samples: [Self.sample()]))
        }
        #expect(try await server.database.outboxState().depth == 0)
    }

    /// The app's schema: `success` is false for a partial or failed batch, so the app keeps those samples queued.
    @Test func aBatchWhoseSamplesWereAllRefusedSaysFailedAndSuccessFalse() async throws {
        let server = try TestServer()
        let (alice, token) = try await server.user("alice")
        try await server.test { client in
            let samples = [Self.sample(id: "not-a-uuid"), Self.sample(start: "2024-01-15T10:00:00Z", end: "2024-01-15T09:00:00Z")]
            var headers = Self.apiKey(token)
            headers[.acceptLanguage] = "en"
            let response = try await client.execute(uri: "/api/v1/health-data/", method: .post, headers: headers, body: Self.payload(samples: samples))
            #expect(response.status == .ok)
            let answer = try response.json()
            #expect(answer["status"] as? String == "failed")
            #expect(answer["success"] as? Bool == false)
            #expect(answer["syncedCount"] as? Int == 0)
            #expect(answer["failedCount"] as? Int == 2)
            #expect(answer["samplesReceived"] as? Int == 2)
            #expect(answer["message"] as? String == "0 samples synced, 2 invalid")

            // A retry of a fully stored batch is a success: duplicates count as synced.
            let stored = Self.payload(samples: [Self.sample(id: "123e4567-e89b-12d3-a456-426614174000")])
            _ = try await client.execute(uri: "/api/v1/health-data/", method: .post, headers: headers, body: stored)
            let again = try await client.execute(uri: "/api/v1/health-data/", method: .post, headers: headers, body: stored)
            #expect(try again.json()["success"] as? Bool == true)
            #expect(try again.json()["duplicateCount"] as? Int == 1)
        }
        #expect(try await server.database.allRecords(userId: alice.id!).count == 1)
    }

    /// HealthKit metadata holds numbers and booleans (`HKMetadataKeyWasUserEntered: true`, a heart-rate motion
    /// context of 1): the sample is kept and each value stored as text; Kafka gets the values as sent.
    @Test func metadataNumbersAndBooleansAreKeptAsText() async throws {
        let server = try TestServer(gateway: GatewaySettings(kafkaEnabled: true))
        let (alice, token) = try await server.user("alice")
        let body = ByteBuffer(string: """
            {"deviceId": "550e8400-e29b-41d4-a716-446655440000", "userId": "user123", "timestamp": "2024-01-15T10:30:00Z",
             "appVersion": "1.2.0", "samples": [
              {"id": "0b9d8f3e-5c1a-4d2e-9f7a-1a2b3c4d5e6f", "type": "heartRate", "value": 72, "unit": "count/min",
               "startDate": "2024-01-15T09:00:00Z", "endDate": "2024-01-15T09:00:00Z", "sourceBundle": "com.apple.health",
               "metadata": {"HKMetadataKeyWasUserEntered": true, "HKMetadataKeyHeartRateMotionContext": 1,
                            "HKMetadataKeyHeartRateSensorLocation": 2.5, "device": "Apple Watch", "note": null},
               "isSynced": false, "createdAt": "2024-01-15T10:30:00Z"}]}
            """)
        try await server.test { client in
            let response = try await client.execute(uri: "/api/v1/health-data/", method: .post, headers: Self.apiKey(token), body: body)
            #expect(response.status == .ok)
            #expect(try response.json()["success"] as? Bool == true)
        }
        let record = try #require(try await server.database.allRecords(userId: alice.id!).first)
        #expect(record.metadata?["HKMetadataKeyWasUserEntered"] == "true")
        #expect(record.metadata?["HKMetadataKeyHeartRateMotionContext"] == "1")
        #expect(record.metadata?["HKMetadataKeyHeartRateSensorLocation"] == "2.5")
        #expect(record.metadata?["device"] == "Apple Watch")
        #expect(record.metadata?["note"] == nil)
        #expect(record.utcOffsetSeconds == 0, "a date written in Z is UTC, offset 0 — not “no offset”")
        let outbox = try await SQLiteOutbox(database: server.database).pending(after: 0, limit: 10)
        let value = try #require(try JSONSerialization.jsonObject(with: outbox[0].value) as? [String: Any])
        let metadata = try #require((value["sample"] as? [String: Any])?["metadata"] as? [String: Any])
        #expect(metadata["HKMetadataKeyWasUserEntered"] as? Bool == true)
        #expect(metadata["HKMetadataKeyHeartRateMotionContext"] as? Int == 1)
        #expect(metadata["device"] as? String == "Apple Watch")
    }

    @Test func anOffsetWrittenInTheDateIsKeptWhenTheAppSendsNoTimezoneOffset() async throws {
        let server = try TestServer()
        let (alice, token) = try await server.user("alice")
        var sample = Self.sample(start: "2024-01-15T18:00:00+09:00", end: "2024-01-15T19:00:00+09:00")
        sample["timezoneOffset"] = nil
        sample["timezone"] = nil
        let body = Self.payload(samples: [sample])
        try await server.test { client in
            _ = try await client.execute(uri: "/api/v1/health-data/", method: .post, headers: Self.apiKey(token), body: body)
        }
        #expect(try await server.database.allRecords(userId: alice.id!).first?.utcOffsetSeconds == 32_400)
    }

    /// The app's own language is Korean: the gateway answers ko, ja and en; any other language gets English.
    @Test func koreanClientsGetKoreanAndOtherLanguagesGetEnglish() async throws {
        let server = try TestServer(gateway: GatewaySettings(maxSamplesPerRequest: 2))
        let (_, token) = try await server.user("alice")
        try await server.test { client in
            func post(_ language: String?, headers: HTTPFields? = nil, samples: [[String: Any]]) async throws -> TestResponse {
                var fields = headers ?? Self.apiKey(token)
                if let language { fields[.acceptLanguage] = language }
                return try await client.execute(uri: "/api/v1/health-data/", method: .post, headers: fields, body: Self.payload(samples: samples))
            }
            let korean = try await post("ko-KR,ko;q=0.9", samples: [Self.sample()])
            #expect(try korean.json()["message"] as? String == "모든 데이터를 동기화했습니다")
            #expect(korean.headers[.contentLanguage] == "ko")
            let partial = try await post("ko", samples: [Self.sample(type: "bodyMass", value: 70, unit: "furlongs"), Self.sample(start: "2024-01-15T11:00:00Z")])
            #expect(try partial.json()["message"] as? String == "1 건 동기화, 1 건은 유효하지 않습니다")
            let reason = (try partial.json()["keptRaw"] as? [[String: Any]])?.first?["reason"] as? String
            #expect(reason == "「bodyMass」의 단위 「furlongs」를 변환할 수 없습니다")
            let tooMany = try await post("ko", samples: [Self.sample(), Self.sample(), Self.sample()])
            #expect(tooMany.status == .contentTooLarge)
            #expect(tooMany.errorMessage == "한 번에 보낼 수 있는 샘플은 2 건까지입니다. 아무것도 저장하지 않았습니다.")
            let unauthorized = try await post("ko", headers: Self.apiKey("krk_not-a-key"), samples: [Self.sample()])
            #expect(unauthorized.status == .unauthorized)
            #expect(unauthorized.errorMessage?.hasPrefix("인증이 필요합니다") == true)
            let french = try await post("fr-FR", samples: [Self.sample()])
            #expect(try french.json()["message"] as? String == "All data synced successfully")
            let frenchRefusal = try await post("fr", headers: Self.apiKey("krk_not-a-key"), samples: [Self.sample()])
            #expect(frenchRefusal.errorMessage == "Authentication required. Check your API token.")
            let japanese = try await post("ja", samples: [Self.sample()])
            #expect(try japanese.json()["message"] as? String == "すべてのデータを同期しました")
        }
    }
    /// A known type in a unit Kiroku cannot convert is kept raw with its reason, not refused: the app may mark it
    /// synced, a retry stores it once, and the user's export shows it.
    @Test func aKnownTypeInAnUnknownUnitIsKeptRawAndTheBatchSucceeds() async throws {
        let server = try TestServer()
        let (alice, token) = try await server.user("alice")
        let id = UUID().uuidString
        let batch = Self.payload(samples: [Self.sample(), Self.sample(id: id, type: "bodyMass", value: 11, unit: "furlongs", start: "2024-01-15T09:00:00+09:00", end: "2024-01-15T09:00:00+09:00")])
        try await server.test { client in
            var headers = Self.apiKey(token)
            headers[.acceptLanguage] = "en"
            for attempt in 1...2 {
                let answer = try await client.execute(uri: "/api/v1/health-data/", method: .post, headers: headers, body: batch).json()
                #expect(answer["success"] as? Bool == true, "attempt \(attempt)")
                #expect(answer["status"] as? String == "success")
                #expect(answer["syncedCount"] as? Int == 2)
                #expect(answer["failedCount"] as? Int == 0)
                #expect(answer["keptRawCount"] as? Int == 1)
                #expect(answer["storedCount"] as? Int == (attempt == 1 ? 2 : 0))
                let kept = try #require((answer["keptRaw"] as? [[String: Any]])?.first)
                #expect(kept["id"] as? String == id.lowercased())
                #expect((kept["reason"] as? String)?.contains("furlongs") == true)
                #expect(answer["message"] as? String == "All data synced successfully (1 kept as sent: unit not known)")
            }
        }
        #expect(try await server.database.allRecords(userId: alice.id!).count == 1)
        let raw = try await server.database.rawItems(userId: alice.id!)
        #expect(raw.count == 1, "a retry keeps it once")
        #expect(raw.first?.type == "bodyMass")
        #expect(raw.first?.unit == "furlongs")
        #expect(raw.first?.value == "11")
        #expect(raw.first?.utcOffsetSeconds == 32_400)
        #expect(raw.first?.metadata.contains("\"keptRawReason\":\"unknown_unit\"") == true)
    }
}

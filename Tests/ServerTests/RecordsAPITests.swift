import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Health
import Storage
import Testing

@Suite struct RecordsAPITests {
    @Test func createListGetAndDeleteOwnRecords() async throws {
        let server = try TestServer()
        let (_, token) = try await server.user("alice")
        try await server.test { client in
            let created = try await client.execute(
                uri: "/api/v1/records", method: .post, headers: .bearer(token),
                body: jsonBody(["metric": "weight", "value": 154.32, "unit": "lb", "start": "2026-01-15T07:30:00+09:00"])
            )
            #expect(created.status == .created)
            let record = try created.json()
            #expect(record["metric"] as? String == "bodyMass")
            #expect(abs((record["value"] as? Double ?? 0) - 70.0) < 0.01)
            #expect(record["originalUnit"] as? String == "lb")
            #expect(record["source"] as? String == "manual")
            let id = try #require(record["id"] as? Int)

            let list = try await client.execute(uri: "/api/v1/records?metric=bodyMass", method: .get, headers: .bearer(token))
            let records = try list.json()["records"] as? [[String: Any]]
            #expect(records?.count == 1)

            let one = try await client.execute(uri: "/api/v1/records/\(id)", method: .get, headers: .bearer(token))
            #expect(one.status == .ok)

            let deleted = try await client.execute(uri: "/api/v1/records/\(id)", method: .delete, headers: .bearer(token))
            #expect(deleted.status == .noContent)
            let gone = try await client.execute(uri: "/api/v1/records/\(id)", method: .get, headers: .bearer(token))
            #expect(gone.status == .notFound)
        }
    }

    @Test func anotherUsersRecordIsNotFoundForReadingChangingOrDeleting() async throws {
        let server = try TestServer()
        let (_, alice) = try await server.user("alice")
        let (bob, bobToken) = try await server.user("bob")
        try await server.test { client in
            let created = try await client.execute(
                uri: "/api/v1/records", method: .post, headers: .bearer(bobToken), body: jsonBody(["metric": "steps", "value": 4000])
            )
            let id = try #require(try created.json()["id"] as? Int)
            let read = try await client.execute(uri: "/api/v1/records/\(id)", method: .get, headers: .bearer(alice))
            #expect(read.status == .notFound)
            let patch = try await client.execute(uri: "/api/v1/records/\(id)", method: .patch, headers: .bearer(alice), body: jsonBody(["value": 1]))
            #expect(patch.status == .notFound)
            let delete = try await client.execute(uri: "/api/v1/records/\(id)", method: .delete, headers: .bearer(alice))
            #expect(delete.status == .notFound)
            let list = try await client.execute(uri: "/api/v1/records", method: .get, headers: .bearer(alice))
            #expect((try list.json()["records"] as? [Any])?.isEmpty == true)
        }
        let stored = try await server.database.allRecords(userId: bob.id!)
        #expect(stored.count == 1)
        #expect(stored.first?.value == 4000)
    }

    @Test func badInputIsRefusedInTheCallersLanguageAndStoresNothing() async throws {
        let server = try TestServer()
        let (user, token) = try await server.user("alice")
        try await server.test { client in
            let cases: [(ByteBuffer, String)] = [
                (ByteBuffer(string: "{not json"), "malformed_json"),
                (jsonBody(["metric": "happiness", "value": 3]), "unknown_metric"),
                (jsonBody(["metric": "weight", "value": 70, "unit": "parsec"]), "unknown_unit"),
                (jsonBody(["metric": "weight", "value": 29.9]), "out_of_range"),
                (jsonBody(["metric": "weight"]), "malformed_json"),
                (jsonBody(["records": [["metric": "weight", "value": 70], ["metric": "weight", "value": 500]]]), "out_of_range"),
            ]
            for (body, code) in cases {
                let english = try await client.execute(uri: "/api/v1/records", method: .post, headers: .bearer(token, language: "en"), body: body)
                #expect(english.status == .badRequest)
                #expect(english.errorCode == code)
                let japanese = try await client.execute(uri: "/api/v1/records", method: .post, headers: .bearer(token, language: "ja"), body: body)
                #expect(japanese.errorCode == code)
                #expect(japanese.errorMessage != english.errorMessage)
                #expect(japanese.errorMessage?.unicodeScalars.contains { $0.value >= 0x3040 } == true)
            }
        }
        #expect(try await server.database.recordCount(userId: user.id!) == 0)
    }

    @Test func bodyOverTheLimitIs413AndStoresNothing() async throws {
        let server = try TestServer()
        let (user, token) = try await server.user("alice")
        let padding = String(repeating: "x", count: 1_100_000)
        try await server.test { client in
            let response = try await client.execute(
                uri: "/api/v1/records", method: .post, headers: .bearer(token),
                body: jsonBody(["metric": "weight", "value": 70, "sourceName": padding])
            )
            #expect(response.status == .contentTooLarge)
            #expect(response.errorCode == "body_too_large")
        }
        #expect(try await server.database.recordCount(userId: user.id!) == 0)
    }

    @Test func retryWithTheSameClientIdAddsNothing() async throws {
        let server = try TestServer()
        let (user, token) = try await server.user("alice")
        try await server.test { client in
            let body = ["metric": "heartRate", "value": 62, "clientId": "phone-1234"] as [String: Any]
            let first = try await client.execute(uri: "/api/v1/records", method: .post, headers: .bearer(token), body: jsonBody(body))
            let second = try await client.execute(uri: "/api/v1/records", method: .post, headers: .bearer(token), body: jsonBody(body))
            #expect(first.status == .created)
            #expect(second.status == .ok)
            #expect(try first.json()["id"] as? Int == second.json()["id"] as? Int)
        }
        #expect(try await server.database.recordCount(userId: user.id!) == 1)
    }

    /// Records follow the idempotency-key rule tasks and steps follow: 1–100 printable ASCII characters, no spaces.
    @Test func clientIdsFollowTheOneIdempotencyKeyRule() async throws {
        let server = try TestServer()
        let (user, token) = try await server.user("alice")
        try await server.test { client in
            for bad in [String(repeating: "k", count: 101), "has space", "", "ｋｅｙ"] {
                let refused = try await client.execute(
                    uri: "/api/v1/records", method: .post, headers: .bearer(token), body: jsonBody(["metric": "heartRate", "value": 62, "clientId": bad])
                )
                #expect(refused.status == .badRequest, "\(bad)")
                #expect(refused.errorCode == "invalid_parameter")
                #expect(try refused.json()["error"].flatMap { ($0 as? [String: Any])?["message"] as? String }?.contains("clientId") == true)
            }
            let batch = try await client.execute(
                uri: "/api/v1/records", method: .post, headers: .bearer(token),
                body: jsonBody(["records": [["metric": "heartRate", "value": 61, "clientId": "ok-1"], ["metric": "heartRate", "value": 62, "clientId": "bad key"]]])
            )
            #expect(batch.status == .badRequest)
            #expect(try batch.json()["error"].flatMap { ($0 as? [String: Any])?["message"] as? String }?.contains("records[1].clientId") == true)
            let longest = String(repeating: "k", count: 100)
            let kept = try await client.execute(
                uri: "/api/v1/records", method: .post, headers: .bearer(token), body: jsonBody(["metric": "heartRate", "value": 62, "clientId": longest])
            )
            #expect(kept.status == .created)
        }
        // Only the 100-character key's record was stored; the refused batch stored neither of its two.
        #expect(try await server.database.recordCount(userId: user.id!) == 1)
    }

    @Test func secondEntryWithinFiveMinutesIsStoredButFlagged() async throws {
        let server = try TestServer()
        let (user, token) = try await server.user("alice")
        try await server.test { client in
            let first = try await client.execute(
                uri: "/api/v1/records", method: .post, headers: .bearer(token),
                body: jsonBody(["metric": "weight", "value": 70, "start": "2026-01-15T07:30:00Z"])
            )
            #expect((try first.json()["warnings"] as? [[String: Any]])?.isEmpty == true)
            let second = try await client.execute(
                uri: "/api/v1/records", method: .post, headers: .bearer(token),
                body: jsonBody(["metric": "weight", "value": 70.1, "start": "2026-01-15T07:33:00Z"])
            )
            #expect(second.status == .created)
            let codes = (try second.json()["warnings"] as? [[String: Any]])?.compactMap { $0["code"] as? String }
            #expect(codes == ["possible_duplicate"])
        }
        #expect(try await server.database.recordCount(userId: user.id!) == 2)
    }

    @Test func aBatchFlagsEntriesNearAStoredOneOrAnEarlierOneOfTheSameBatch() async throws {
        let server = try TestServer()
        let (_, token) = try await server.user("alice")
        try await server.test { client in
            _ = try await client.execute(
                uri: "/api/v1/records", method: .post, headers: .bearer(token),
                body: jsonBody(["metric": "weight", "value": 70, "start": "2026-01-15T07:30:00Z"])
            )
            let records: [[String: Any]] = [
                ["metric": "weight", "value": 70.2, "start": "2026-01-15T07:35:00Z"],  // 5 minutes after the stored one
                ["metric": "weight", "value": 70.3, "start": "2026-01-15T09:00:00Z"],
                ["metric": "steps", "value": 100, "start": "2026-01-15T09:02:00Z"],  // another metric
                ["metric": "weight", "value": 70.4, "start": "2026-01-15T09:04:00Z"],  // 4 minutes after the batch's second
                ["metric": "weight", "value": 70.5, "start": "2026-01-15T07:24:59Z"],  // 5 min 1 s before the stored one
            ]
            let created = try await client.execute(uri: "/api/v1/records", method: .post, headers: .bearer(token), body: jsonBody(["records": records]))
            #expect(created.status == .created)
            let codes = (try created.json()["records"] as? [[String: Any]])?.map { record in
                ((record["warnings"] as? [[String: Any]]) ?? []).compactMap { $0["code"] as? String }
            }
            #expect(codes == [["possible_duplicate"], [], [], ["possible_duplicate"], []])
        }
    }

    @Test func batchCreatesAllInOneGoAndPagesWithACursor() async throws {
        let server = try TestServer()
        let (_, token) = try await server.user("alice")
        try await server.test { client in
            let records = (0..<25).map { day in
                ["metric": "steps", "value": 1000 + day, "start": "2026-02-\(String(format: "%02d", day + 1))T12:00:00Z"] as [String: Any]
            }
            let created = try await client.execute(uri: "/api/v1/records", method: .post, headers: .bearer(token), body: jsonBody(["records": records]))
            #expect(created.status == .created)
            #expect((try created.json()["records"] as? [Any])?.count == 25)

            var seen: [Int] = []
            var cursor: String? = nil
            repeat {
                let uri = "/api/v1/records?limit=10" + (cursor.map { "&cursor=\($0)" } ?? "")
                let page = try await client.execute(uri: uri, method: .get, headers: .bearer(token)).json()
                seen += (page["records"] as? [[String: Any]] ?? []).compactMap { $0["value"] as? Double }.map { Int($0) }
                cursor = page["nextCursor"] as? String
            } while cursor != nil
            #expect(seen == (0..<25).reversed().map { 1000 + $0 })
        }
    }

    @Test func onlyManualRecordsCanBeEditedAndEditsAreValidated() async throws {
        let server = try TestServer()
        let (user, token) = try await server.user("alice")
        let imported = try await server.database.insertRecords([
            HealthRecord(userId: user.id!, metric: "stepCount", value: 100, originalValue: 100, originalUnit: "count",
                         startAt: Date(), endAt: Date(), source: .import, createdAt: Date())
        ])[0].record
        try await server.test { client in
            let refused = try await client.execute(uri: "/api/v1/records/\(imported.id!)", method: .patch, headers: .bearer(token), body: jsonBody(["value": 5]))
            #expect(refused.status == .conflict)

            let created = try await client.execute(uri: "/api/v1/records", method: .post, headers: .bearer(token), body: jsonBody(["metric": "weight", "value": 70]))
            let id = try #require(try created.json()["id"] as? Int)
            let bad = try await client.execute(uri: "/api/v1/records/\(id)", method: .patch, headers: .bearer(token), body: jsonBody(["value": 250]))
            #expect(bad.errorCode == "out_of_range")
            let good = try await client.execute(uri: "/api/v1/records/\(id)", method: .patch, headers: .bearer(token), body: jsonBody(["value": 69.5]))
            #expect(try good.json()["value"] as? Double == 69.5)
        }
        #expect(try await server.database.record(id: imported.id!, userId: user.id!)?.value == 100)
    }

    /// The OpenAPI document says so (the contract test holds the server to it): an optional field sent as null is
    /// taken as left out when a record is created, and leaves the field as it is when one is changed.
    @Test func nullOptionalFieldsAreTakenAsLeftOut() async throws {
        let server = try TestServer()
        let (user, token) = try await server.user("alice")
        try await server.test { client in
            let body: [String: Any] = [
                "metric": "weight", "value": 61.5, "unit": NSNull(), "start": "2026-11-01T07:30:00+09:00", "end": NSNull(),
                "utcOffsetSeconds": NSNull(), "sourceName": NSNull(), "device": NSNull(), "metadata": NSNull(), "clientId": NSNull(),
            ]
            let created = try await client.execute(uri: "/api/v1/records", method: .post, headers: .bearer(token), body: jsonBody(body))
            #expect(created.status == .created)
            let record = try created.json()
            #expect(record["unit"] as? String == "kg")
            #expect(record["end"] as? String == record["start"] as? String)
            let id = try #require(record["id"] as? Int)

            let patch: [String: Any] = ["value": NSNull(), "unit": NSNull(), "start": NSNull(), "end": NSNull(), "metadata": NSNull()]
            let unchanged = try await client.execute(uri: "/api/v1/records/\(id)", method: .patch, headers: .bearer(token), body: jsonBody(patch))
            #expect(unchanged.status == .ok)
            #expect(try unchanged.json()["value"] as? Double == 61.5)
            #expect(try unchanged.json()["start"] as? String == record["start"] as? String)
        }
        #expect(try await server.database.recordCount(userId: user.id!) == 1)
    }

    @Test func missingOrWrongTokenIs401() async throws {
        let server = try TestServer()
        try await server.test { client in
            let anonymous = try await client.execute(uri: "/api/v1/records", method: .get)
            #expect(anonymous.status == .unauthorized)
            #expect(anonymous.errorCode == "unauthorized")
            let wrong = try await client.execute(uri: "/api/v1/records", method: .get, headers: .bearer("krk_not-a-real-token"))
            #expect(wrong.status == .unauthorized)
        }
    }
}

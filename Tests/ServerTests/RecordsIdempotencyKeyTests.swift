import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Storage
import Testing

/// A `clientId` used again: the same record answers with the stored one (a retry), another record is refused with
/// 422 idempotency_key_reused and stores nothing, and a record edited since answers with the stored one whatever
/// the request holds.
@Suite struct RecordsIdempotencyKeyTests {
    static var weighIn: [String: Any] {
        [
            "metric": "weight", "value": 154.32, "unit": "lb", "start": "2026-01-15T07:30:00.1234+09:00", "end": "2026-01-15T07:30:00.1234+09:00",
            "utcOffsetSeconds": 32_400, "sourceName": "Scale", "device": "Withings", "metadata": ["note": "体重計"], "clientId": "phone-weigh-in-1",
        ]
    }

    @Test func theSameRecordAgainIsARetryEvenThroughAUnitConversion() async throws {
        let server = try TestServer()
        let (user, token) = try await server.user("alice")
        try await server.test { client in
            let first = try await client.execute(uri: "/api/v1/records", method: .post, headers: .bearer(token), body: jsonBody(Self.weighIn))
            #expect(first.status == .created)
            // "lbs" is the unit "lb" by another name: the record it describes is the one stored.
            let retry = try await client.execute(
                uri: "/api/v1/records", method: .post, headers: .bearer(token), body: jsonBody(Self.weighIn.merging(["unit": "lbs"]) { $1 })
            )
            #expect(retry.status == .ok)
            #expect(try retry.json()["id"] as? Int == first.json()["id"] as? Int)
            // Left out, the time is the server's now: a retry cannot repeat it, so it does not count against it.
            let untimed: [String: Any] = ["metric": "heartRate", "value": 61.5, "clientId": "phone-untimed"]
            let made = try await client.execute(uri: "/api/v1/records", method: .post, headers: .bearer(token), body: jsonBody(untimed))
            #expect(made.status == .created)
            let again = try await client.execute(uri: "/api/v1/records", method: .post, headers: .bearer(token), body: jsonBody(untimed))
            #expect(again.status == .ok)
        }
        #expect(try await server.database.recordCount(userId: user.id!) == 2)
    }

    @Test(arguments: [
        #"{"value": 154.4}"#, #"{"unit": "kg", "value": 70.0}"#, #"{"metric": "bodyFatPercentage", "value": 20, "unit": null}"#,
        #"{"start": "2026-01-15T07:31:00+09:00", "end": null}"#, #"{"end": "2026-01-15T08:00:00+09:00"}"#, #"{"metadata": {"note": "after"}}"#,
        #"{"sourceName": "Other scale"}"#, #"{"utcOffsetSeconds": 0}"#,
    ])
    func anotherRecordUnderTheSameKeyIs422AndChangesNothing(change: String) async throws {
        let server = try TestServer()
        let (user, token) = try await server.user("alice")
        try await server.test { client in
            let first = try await client.execute(uri: "/api/v1/records", method: .post, headers: .bearer(token), body: jsonBody(Self.weighIn))
            let stored = try first.json()
            let overrides = try JSONSerialization.jsonObject(with: Data(change.utf8)) as? [String: Any] ?? [:]
            let other = Self.weighIn.merging(overrides) { $1 }
            let english = try await client.execute(uri: "/api/v1/records", method: .post, headers: .bearer(token, language: "en"), body: jsonBody(other))
            #expect(english.status.code == 422, "\(change)")
            #expect(english.errorCode == "idempotency_key_reused")
            #expect(english.errorMessage?.contains("clientId") == true)
            #expect(english.errorMessage?.contains("different content") == true)
            let japanese = try await client.execute(uri: "/api/v1/records", method: .post, headers: .bearer(token, language: "ja"), body: jsonBody(other))
            #expect(japanese.status.code == 422)
            #expect(japanese.errorCode == "idempotency_key_reused")
            #expect(japanese.errorMessage?.contains("clientId") == true)
            #expect(japanese.errorMessage?.contains("別の内容") == true)
            let id = try #require(stored["id"] as? Int)
            let after = try await client.execute(uri: "/api/v1/records/\(id)", method: .get, headers: .bearer(token)).json()
            #expect(after["value"] as? Double == stored["value"] as? Double && after["originalUnit"] as? String == "lb")
            #expect(after["metric"] as? String == "bodyMass" && after["start"] as? String == stored["start"] as? String)
        }
        #expect(try await server.database.recordCount(userId: user.id!) == 1)
    }

    @Test func aBatchWithOneReusedKeyIsRefusedWholeNamingItsIndex() async throws {
        let server = try TestServer()
        let (user, token) = try await server.user("alice")
        try await server.test { client in
            let first = try await client.execute(uri: "/api/v1/records", method: .post, headers: .bearer(token), body: jsonBody(Self.weighIn))
            #expect(first.status == .created)
            let batch: [[String: Any]] = [
                ["metric": "steps", "value": 8421, "start": "2026-01-15T09:00:00+09:00", "clientId": "batch-0"],
                Self.weighIn,
                Self.weighIn.merging(["value": 160]) { $1 },
                ["metric": "steps", "value": 900, "start": "2026-01-15T10:00:00+09:00", "clientId": "batch-3"],
            ]
            for language in ["en", "ja"] {
                let refused = try await client.execute(
                    uri: "/api/v1/records", method: .post, headers: .bearer(token, language: language), body: jsonBody(["records": batch])
                )
                #expect(refused.status.code == 422)
                #expect(refused.errorCode == "idempotency_key_reused")
                #expect(refused.errorMessage?.contains("records[2].clientId") == true, "\(refused.text)")
            }
            // Two items of one batch under one key are one record only when they are the same record.
            let twins: [[String: Any]] = [
                ["metric": "steps", "value": 100, "start": "2026-01-15T11:00:00+09:00", "clientId": "twin"],
                ["metric": "steps", "value": 100, "start": "2026-01-15T11:00:00+09:00", "clientId": "new-1"],
                ["metric": "steps", "value": 200, "start": "2026-01-15T11:00:00+09:00", "clientId": "twin"],
            ]
            let split = try await client.execute(uri: "/api/v1/records", method: .post, headers: .bearer(token), body: jsonBody(["records": twins]))
            #expect(split.status.code == 422)
            #expect(split.errorMessage?.contains("records[2].clientId") == true)
        }
        // Only the first weigh-in: neither batch left any of its records behind.
        #expect(try await server.database.allRecords(userId: user.id!).map(\.externalId) == ["phone-weigh-in-1"])
    }

    @Test func aRecordEditedSinceAnswersAnyRetryWithItsStoredSelf() async throws {
        let server = try TestServer()
        let (user, token) = try await server.user("alice")
        try await server.test { client in
            let first = try await client.execute(uri: "/api/v1/records", method: .post, headers: .bearer(token), body: jsonBody(Self.weighIn))
            let id = try #require(try first.json()["id"] as? Int)
            // A later millisecond than the create's, so the edit shows in updatedAt.
            try await Task.sleep(for: .milliseconds(5))
            let edited = try await client.execute(uri: "/api/v1/records/\(id)", method: .patch, headers: .bearer(token), body: jsonBody(["value": 150, "unit": "lb"]))
            #expect(edited.status == .ok)
            // The original create sent late: its content no longer matches, but nothing can tell it from a retry.
            let late = try await client.execute(uri: "/api/v1/records", method: .post, headers: .bearer(token), body: jsonBody(Self.weighIn))
            #expect(late.status == .ok)
            let answered = try late.json()
            #expect(answered["id"] as? Int == id)
            #expect(answered["originalValue"] as? Double == 150, "the edited record, not the request")
        }
        #expect(try await server.database.allRecords(userId: user.id!).map(\.originalValue) == [150])
    }

    /// The add form posted twice under its clientId with the time left empty (the page's script sets the id; a
    /// resend is a retry even though the server's now differs between the two posts).
    @Test func theAddFormSentTwiceWithoutATimeIsStoredOnce() async throws {
        let server = try TestServer()
        try await server.test { client in
            var browser = WebSession(client)
            _ = try await browser.signUp("hanako")
            let form = ["metric": "bodyMass", "value": "61.2", "unit": "kg", "clientId": "web-untimed-1"]
            let first = try await browser.submit(page: "/records", to: "/records", form: form)
            try await Task.sleep(for: .milliseconds(5))
            let again = try await browser.submit(page: "/records", to: "/records", form: form)
            #expect(first.status == .seeOther)
            #expect(again.headers[.location] == first.headers[.location])
            let other = try await browser.submit(page: "/records", to: "/records", form: form.merging(["value": "62.0"]) { $1 })
            #expect(other.status == .badRequest, "shown on the form, which the offline outbox drops rather than resends")
            #expect(other.text.contains("別の内容"))
        }
        let user = try #require(try await server.database.user(username: "hanako"))
        #expect(try await server.database.allRecords(userId: user.id!).map(\.value) == [61.2])
    }
}

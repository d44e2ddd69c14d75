import Foundation
import Hummingbird
import HummingbirdTesting
import Storage
import Testing

/// `POST /v1/sets` with an `Idempotency-Key` already used: the same set answers with the stored one (replayed),
/// another set is refused with 422 idempotency_key_reused and stores nothing, and a set edited since answers with
/// the stored one whatever the request holds.
@Suite struct WorkoutSetIdempotencyKeyTests {
    static let key: HTTPFields = [.init("Idempotency-Key")!: "outbox-set-1"]
    static let performedAt = WorkoutTime.now(minus: 600)

    static var body: [String: Any] {
        ["exerciseId": Lifts.bench, "weight": 82.5, "reps": 5, "rpe": 8.5, "notes": "  paused  ", "performedAt": performedAt]
    }

    @Test func theSameSetAgainIsReplayed() async throws {
        let server = try TestServer()
        try await server.test { client in
            let phone = try await BulkTrackClient.device(client)
            let first = try await phone.call(.post, "/v1/sets", body: Self.body, headers: Self.key)
            #expect(first.status == .created)
            // Notes are stored trimmed; the retry's untrimmed notes are the same notes.
            let retry = try await phone.call(.post, "/v1/sets", body: Self.body, headers: Self.key)
            #expect(retry.status == .created)
            #expect(retry.headers[.init("Idempotent-Replayed")!] == "true")
            #expect(try retry.json()["id"] as? String == first.json()["id"] as? String)
            #expect(try await phone.call(.get, "/v1/sets").v1Array().count == 1)
        }
    }

    @Test(arguments: [
        #"{"weight": 85}"#, #"{"reps": 6}"#, #"{"rpe": null}"#, #"{"notes": "slow"}"#, #"{"exerciseId": "\#(Lifts.squat)"}"#,
        #"{"performedAt": "\#(WorkoutTime.now(minus: 300))"}"#,
    ])
    func anotherSetUnderTheSameKeyIs422AndChangesNothing(change: String) async throws {
        let server = try TestServer()
        try await server.test { client in
            var phone = try await BulkTrackClient.device(client)
            let first = try await phone.call(.post, "/v1/sets", body: Self.body, headers: Self.key)
            let stored = try first.json()
            let overrides = try JSONSerialization.jsonObject(with: Data(change.utf8)) as? [String: Any] ?? [:]
            let other = Self.body.merging(overrides) { $1 }
            phone.language = "en"
            let english = try await phone.call(.post, "/v1/sets", body: other, headers: Self.key)
            #expect(english.status.code == 422, "\(change)")
            #expect(english.contractError?.code == "idempotency_key_reused")
            #expect(english.contractError?.message.contains("Idempotency-Key") == true)
            #expect(english.contractError?.message.contains("different content") == true)
            #expect(english.headers[.init("Idempotent-Replayed")!] == nil)
            phone.language = "ja"
            let japanese = try await phone.call(.post, "/v1/sets", body: other, headers: Self.key)
            #expect(japanese.status.code == 422)
            #expect(japanese.contractError?.code == "idempotency_key_reused")
            #expect(japanese.contractError?.message.contains("Idempotency-Key") == true)
            #expect(japanese.contractError?.message.contains("別の内容") == true)
            let sets = try await phone.call(.get, "/v1/sets").v1Array()
            #expect(sets.count == 1)
            #expect(sets.first?["id"] as? String == stored["id"] as? String)
            #expect(sets.first?["weight"] as? Double == 82.5 && sets.first?["reps"] as? Int == 5 && sets.first?["notes"] as? String == "paused")
        }
    }

    @Test func aSetEditedSinceAnswersAnyRetryWithItsStoredSelf() async throws {
        let server = try TestServer()
        try await server.test { client in
            let phone = try await BulkTrackClient.device(client)
            let first = try await phone.call(.post, "/v1/sets", body: Self.body, headers: Self.key)
            let id = try #require(try first.json()["id"] as? String)
            // A later millisecond than the create's, so the edit shows in updatedAt.
            try await Task.sleep(for: .milliseconds(5))
            #expect(try await phone.call(.patch, "/v1/sets/\(id)", body: ["weight": 80]).status == .ok)
            let late = try await phone.call(.post, "/v1/sets", body: Self.body, headers: Self.key)
            #expect(late.status == .created)
            #expect(late.headers[.init("Idempotent-Replayed")!] == "true")
            #expect(try late.json()["id"] as? String == id)
            #expect(try late.json()["weight"] as? Double == 80, "the edited set, not the request")
            #expect(try await phone.call(.get, "/v1/sets").v1Array().count == 1)
        }
    }

    /// The web form's key: a double tap is one set (the time left empty is not compared); the same form sent again
    /// with other values is shown again with why, and stores nothing.
    @Test func theWebFormSentAgainWithOtherValuesIsExplained() async throws {
        let server = try TestServer()
        try await server.test { client in
            var browser = WebSession(client)
            _ = try await browser.signUp("hanako")
            let html = try await browser.get("/workouts").text
            let key = try #require(html.range(of: #"name="key" value="([^"]+)""#, options: .regularExpression).map { html[$0].split(separator: "\"")[3] })
            let form = ["csrf": WebSession.csrfToken(in: html)!, "key": String(key), "exerciseId": Lifts.bench, "weight": "80", "reps": "5"]
            #expect(try await browser.post("/workouts/sets", form: form).status == .seeOther)
            try await Task.sleep(for: .milliseconds(5))
            #expect(try await browser.post("/workouts/sets", form: form).status == .seeOther)
            let edited = try await browser.post("/workouts/sets", form: form.merging(["weight": "90"]) { $1 })
            #expect(edited.status == .badRequest)
            #expect(edited.text.contains("このフォームは別の内容ですでに送信されています"))
            #expect(edited.text.contains("value=\"90\""), "the form keeps what was typed")
        }
        let user = try #require(try await server.database.user(username: "hanako"))
        #expect(try await server.database.allWorkoutSets(userId: user.id!).map(\.weight) == [80])
    }
}

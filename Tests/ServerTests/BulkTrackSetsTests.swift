import Foundation
import GRDB
import Hummingbird
import HummingbirdTesting
import Storage
import Testing

@Suite struct BulkTrackSetsTests {
    @Test func createAnswersTheContractsWorkoutSet() async throws {
        let server = try TestServer()
        try await server.test { client in
            let phone = try await BulkTrackClient.device(client)
            let response = try await phone.call(.post, "/v1/sets", body: [
                "exerciseId": Lifts.bench, "weight": 82.5, "reps": 5, "rpe": 8.5, "notes": "paused", "performedAt": "2026-11-16T10:00:00+09:00",
            ])
            #expect(response.status == .created)
            let set = try response.json()
            #expect(Set(set.keys) == ["id", "exerciseId", "setNumber", "weight", "reps", "rpe", "notes", "performedAt", "personalRecords"])
            #expect(UUID(uuidString: set["id"] as? String ?? "") != nil)
            #expect(set["exerciseId"] as? String == Lifts.bench)
            #expect(set["setNumber"] as? Int == 1 && set["weight"] as? Double == 82.5 && set["reps"] as? Int == 5)
            #expect(set["rpe"] as? Double == 8.5 && set["notes"] as? String == "paused")
            #expect((set["performedAt"] as? String).flatMap { try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse($0) }
                    == (try Date.ISO8601FormatStyle().parse("2026-11-16T01:00:00Z")))

            let second = try await phone.logSet(Lifts.bench, 85, 3, at: "2026-11-16T10:05:00+09:00")
            #expect(second["setNumber"] as? Int == 2)
            #expect(second["rpe"] is NSNull && second["notes"] is NSNull, "nulls are written, not left out")
            let otherLift = try await phone.logSet(Lifts.squat, 100, 5, at: "2026-11-16T10:10:00+09:00")
            #expect(otherLift["setNumber"] as? Int == 1)
            // 23:30 on the 16th in Tokyo is still the 16th; 00:30 on the 17th is a new day.
            #expect(try await phone.logSet(Lifts.bench, 60, 10, at: "2026-11-16T14:30:00Z")["setNumber"] as? Int == 3)
            #expect(try await phone.logSet(Lifts.bench, 60, 10, at: "2026-11-16T15:30:00Z")["setNumber"] as? Int == 1)
        }
    }

    @Test(arguments: [
        (#"{"weight": 1000.5}"#, "invalid_weight"), (#"{"weight": -1}"#, "invalid_weight"), (#"{"reps": -1}"#, "invalid_reps"),
        (#"{"reps": 101}"#, "invalid_reps"), (#"{"rpe": 11}"#, "invalid_rpe"), (#"{"rpe": 0}"#, "invalid_rpe"),
        (#"{"performedAt": "2099-01-01T00:00:00Z"}"#, "future_performed_at"),
        (#"{"exerciseId": "6b1d0000-0000-4000-8000-999999999999"}"#, "unknown_exercise"),
        (#"{"exerciseId": "bench"}"#, "unknown_exercise"), (#"{"weight": "heavy"}"#, "malformed_json"),
    ])
    func invalidSetsAre400WithAMessageAndStoreNothing(change: String, code: String) async throws {
        let server = try TestServer()
        try await server.test { client in
            var phone = try await BulkTrackClient.device(client)
            var body: [String: Any] = ["exerciseId": Lifts.bench, "weight": 80, "reps": 5, "rpe": NSNull(), "notes": NSNull(), "performedAt": WorkoutTime.now()]
            let overrides = try JSONSerialization.jsonObject(with: Data(change.utf8)) as? [String: Any] ?? [:]
            body.merge(overrides) { $1 }
            for language in ["ja", "en"] {
                phone.language = language
                let response = try await phone.call(.post, "/v1/sets", body: body)
                #expect(response.status == .badRequest)
                #expect(response.contractError?.code == code)
                #expect(response.contractError?.message.isEmpty == false)
            }
            #expect(try await phone.call(.get, "/v1/sets").v1Array().isEmpty)
        }
    }

    @Test func aValidationMessageSpeaksTheCallersLanguage() async throws {
        let server = try TestServer()
        try await server.test { client in
            var phone = try await BulkTrackClient.device(client)
            phone.language = "ja"
            let ja = try await phone.call(.post, "/v1/sets", body: ["exerciseId": Lifts.bench, "weight": 80, "reps": 101, "performedAt": WorkoutTime.now()])
            #expect(ja.contractError?.message.contains("回数は0〜100回") == true)
            phone.language = "en"
            let en = try await phone.call(.post, "/v1/sets", body: ["exerciseId": Lifts.bench, "weight": 80, "reps": 101, "performedAt": WorkoutTime.now()])
            #expect(en.contractError?.message.contains("Reps must be between 0 and 100") == true)
        }
    }

    /// A set of 0 reps is a missed attempt: the phone must not congratulate it as a record, and the next real
    /// record must still be announced.
    @Test func aFailedAttemptIsNoPersonalRecord() async throws {
        let server = try TestServer()
        try await server.test { client in
            let phone = try await BulkTrackClient.device(client)
            _ = try await phone.logSet(Lifts.bench, 100, 5, at: "2026-11-16T10:00:00+09:00")
            let missed = try await phone.logSet(Lifts.bench, 180, 0, at: "2026-11-16T10:05:00+09:00")
            #expect((missed["personalRecords"] as? [Any])?.isEmpty == true, "\(missed)")
            let better = try await phone.logSet(Lifts.bench, 105, 5, at: "2026-11-16T10:10:00+09:00")
            let kinds = (better["personalRecords"] as? [[String: Any]])?.compactMap { $0["kind"] as? String }
            #expect(kinds == ["e1rm", "weightForReps", "volume"])
        }
    }

    @Test func anIdempotencyKeyMakesARetryHarmless() async throws {
        let server = try TestServer()
        try await server.test { client in
            let phone = try await BulkTrackClient.device(client)
            let body: [String: Any] = ["exerciseId": Lifts.bench, "weight": 80, "reps": 5, "performedAt": WorkoutTime.now()]
            let key: HTTPFields = [.init("Idempotency-Key")!: "offline-7f3a"]
            let first = try await phone.call(.post, "/v1/sets", body: body, headers: key)
            let retry = try await phone.call(.post, "/v1/sets", body: body, headers: key)
            #expect(first.status == .created && retry.status == .created)
            #expect(try first.json()["id"] as? String == retry.json()["id"] as? String)
            #expect(retry.headers[.init("Idempotent-Replayed")!] == "true")
            #expect(try await phone.call(.get, "/v1/sets").v1Array().count == 1)
            let withoutKey = try await phone.call(.post, "/v1/sets", body: body)
            #expect(try withoutKey.json()["id"] as? String != first.json()["id"] as? String)
            let tooLong = try await phone.call(.post, "/v1/sets", body: body, headers: [.init("Idempotency-Key")!: String(repeating: "k", count: 201)])
            #expect(tooLong.status == .badRequest, "the contract's 200-character limit is kept, not cut silently")
            #expect(try await phone.call(.get, "/v1/sets").v1Array().count == 2)
        }
    }

    /// A phone's outbox resends a create late, after its set was deleted on the phone or on the web: the retry is a
    /// 410 set_deleted in the caller's language and the set does not come back; only the key is remembered.
    @Test func aRetryAfterTheSetWasDeletedDoesNotBringItBack() async throws {
        let server = try TestServer()
        let (_, token) = try await server.user("hanako")
        try await server.test { client in
            var phone = BulkTrackClient(client: client, accessToken: token)
            let body: [String: Any] = ["exerciseId": Lifts.bench, "weight": 80, "reps": 5, "performedAt": WorkoutTime.now(minus: 60)]
            let key: HTTPFields = [.init("Idempotency-Key")!: "outbox-42"]
            let first = try await phone.call(.post, "/v1/sets", body: body, headers: key)
            #expect(first.status == .created)
            let id = try #require(try first.json()["id"] as? String)
            #expect(try await phone.call(.delete, "/v1/sets/\(id)").status == .noContent)

            let late = try await phone.call(.post, "/v1/sets", body: body, headers: key)
            #expect(late.status == .gone)
            #expect(late.contractError?.code == "set_deleted")
            #expect(late.contractError?.message.contains("not recorded again") == true, "\(late.text)")
            phone.language = "ja"
            let lateAgain = try await phone.call(.post, "/v1/sets", body: body, headers: key)
            #expect(lateAgain.status == .gone && lateAgain.contractError?.message.contains("削除済み") == true)
            #expect(try await phone.call(.get, "/v1/sets").v1Array().isEmpty)

            // Deleted on the web page this time.
            let keyed: HTTPFields = [.init("Idempotency-Key")!: "outbox-43"]
            let second = try await phone.call(.post, "/v1/sets", body: body, headers: keyed)
            let secondId = try #require(try second.json()["id"] as? String)
            var browser = WebSession(client)
            _ = try await browser.submit(page: "/signin", to: "/signin", form: ["username": "hanako", "password": "correct horse battery"])
            let deleted = try await browser.submit(page: "/workouts", to: "/workouts/sets/\(secondId)/delete", form: [:])
            #expect(deleted.status == .seeOther)
            #expect(try await phone.call(.post, "/v1/sets", body: body, headers: keyed).status == .gone)
            #expect(try await phone.call(.get, "/v1/sets").v1Array().isEmpty)

            // A new set with a new key is stored as always, and another user's same key is that user's own.
            #expect(try await phone.call(.post, "/v1/sets", body: body, headers: [.init("Idempotency-Key")!: "outbox-44"]).status == .created)
            let other = try await BulkTrackClient.device(client)
            #expect(try await other.call(.post, "/v1/sets", body: body, headers: key).status == .created)
        }
        let kept = try await server.database.reader.read { db in try String.fetchAll(db, sql: "SELECT key FROM workoutDeletedSetKey ORDER BY key") }
        #expect(kept == ["outbox-42", "outbox-43"])
        let columns = try await server.database.reader.read { db in try db.columns(in: "workoutDeletedSetKey").map(\.name) }
        #expect(Set(columns) == ["userId", "key", "deletedAt"], "nothing of the set itself is kept")
    }

    @Test func listFiltersSortsAndPages() async throws {
        let server = try TestServer()
        try await server.test { client in
            let phone = try await BulkTrackClient.device(client)
            _ = try await phone.logSet(Lifts.bench, 80, 5, at: "2026-11-16T10:00:00+09:00")
            _ = try await phone.logSet(Lifts.squat, 100, 5, at: "2026-11-16T10:10:00+09:00")
            _ = try await phone.logSet(Lifts.bench, 82.5, 5, at: "2026-11-18T10:00:00+09:00")
            let all = try await phone.call(.get, "/v1/sets").v1Array()
            #expect(all.map { $0["weight"] as? Double } == [82.5, 100, 80], "newest first by default")
            let ascending = try await phone.call(.get, "/v1/sets?sortBy=performedAt_asc").v1Array()
            #expect(ascending.map { $0["weight"] as? Double } == [80, 100, 82.5])
            #expect(try await phone.call(.get, "/v1/sets?date=2026-11-16").v1Array().count == 2)
            #expect(try await phone.call(.get, "/v1/sets?exerciseId=\(Lifts.bench)").v1Array().count == 2)
            #expect(try await phone.call(.get, "/v1/sets?date=2026-11-16&exerciseId=\(Lifts.bench)").v1Array().count == 1)
            let page = try await phone.call(.get, "/v1/sets?limit=1&offset=1").v1Array()
            #expect(page.map { $0["weight"] as? Double } == [100])
            #expect(try await phone.call(.get, "/v1/sets?limit=0").v1Array().isEmpty, "limit=0 is an empty page")
            let failedAttempt = try await phone.call(.post, "/v1/sets", body: ["exerciseId": Lifts.bench, "weight": 120, "reps": 0, "performedAt": WorkoutTime.now()])
            #expect(failedAttempt.status == .created, "the contract sets no lower bound on reps")
            #expect(try failedAttempt.json()["reps"] as? Int == 0)
            for bad in ["limit=-1", "limit=101", "offset=-1", "date=2026-13-01", "sortBy=weight", "exerciseId=x"] {
                let response = try await phone.call(.get, "/v1/sets?\(bad)")
                #expect(response.status == .badRequest, "\(bad)")
                #expect(response.contractError?.code == "invalid_parameter")
            }
        }
    }

    @Test func patchChangesOnlyTheGivenFieldsAndNullClearsRPE() async throws {
        let server = try TestServer()
        try await server.test { client in
            let phone = try await BulkTrackClient.device(client)
            let set = try await phone.logSet(Lifts.bench, 80, 5, at: "2026-11-16T10:00:00+09:00", rpe: 8)
            let id = try #require(set["id"] as? String)
            let patched = try await phone.call(.patch, "/v1/sets/\(id)", body: ["weight": 85, "reps": NSNull()])
            #expect(patched.status == .ok)
            let body = try patched.json()
            #expect(body["weight"] as? Double == 85 && body["reps"] as? Int == 5 && body["rpe"] as? Double == 8)
            let cleared = try await phone.call(.patch, "/v1/sets/\(id)", body: ["rpe": NSNull(), "notes": "felt strong"]).json()
            #expect(cleared["rpe"] is NSNull && cleared["notes"] as? String == "felt strong")
            let invalid = try await phone.call(.patch, "/v1/sets/\(id)", body: ["reps": 500])
            #expect(invalid.status == .badRequest && invalid.contractError?.code == "invalid_reps")
            #expect(try await phone.call(.get, "/v1/sets").v1Array().first?["reps"] as? Int == 5, "a refused patch changes nothing")
            // Moving it to another day renumbers both days.
            _ = try await phone.logSet(Lifts.bench, 60, 5, at: "2026-11-17T10:00:00+09:00")
            let moved = try await phone.call(.patch, "/v1/sets/\(id)", body: ["performedAt": "2026-11-17T09:00:00+09:00"]).json()
            #expect(moved["setNumber"] as? Int == 1)
            #expect(try await phone.call(.get, "/v1/sets?date=2026-11-17&sortBy=performedAt_asc").v1Array().map { $0["setNumber"] as? Int } == [1, 2])
        }
    }

    @Test func anotherUsersSetIsNotFoundAndUntouched() async throws {
        let server = try TestServer()
        try await server.test { client in
            let alice = try await BulkTrackClient.device(client)
            let bob = try await BulkTrackClient.device(client)
            let set = try await alice.logSet(Lifts.bench, 80, 5, at: WorkoutTime.now())
            let id = try #require(set["id"] as? String)
            let patch = try await bob.call(.patch, "/v1/sets/\(id)", body: ["weight": 1])
            #expect(patch.status == .notFound && patch.contractError?.code == "not_found")
            #expect(try await bob.call(.delete, "/v1/sets/\(id)").status == .notFound)
            #expect(try await bob.call(.get, "/v1/sets").v1Array().isEmpty)
            #expect(try await bob.call(.patch, "/v1/sets/not-a-uuid", body: ["weight": 1]).status == .notFound)
            #expect(try await alice.call(.get, "/v1/sets").v1Array().first?["weight"] as? Double == 80)

            #expect(try await alice.call(.delete, "/v1/sets/\(id)").status == .noContent)
            #expect(try await alice.call(.delete, "/v1/sets/\(id)").status == .notFound)
        }
    }

    @Test func personalRecordsComeBackInTheCreateAnswer() async throws {
        let server = try TestServer()
        try await server.test { client in
            var phone = try await BulkTrackClient.device(client)
            let first = try await phone.logSet(Lifts.bench, 100, 5, at: WorkoutTime.now(minus: 600))
            #expect((first["personalRecords"] as? [Any])?.isEmpty == true)
            phone.language = "ja"
            let better = try await phone.logSet(Lifts.bench, 102.5, 5, at: WorkoutTime.now(minus: 300))
            let records = try #require(better["personalRecords"] as? [[String: Any]])
            #expect(records.map { $0["kind"] as? String } == ["e1rm", "weightForReps", "volume"])
            #expect(records[1]["previous"] as? Double == 100 && records[1]["reps"] as? Int == 5)
            #expect((records[0]["message"] as? String)?.contains("ベンチプレス") == true)
        }
    }
}

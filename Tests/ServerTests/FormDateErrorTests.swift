import Foundation
import Health
import Hummingbird
import HummingbirdTesting
@testable import Server
import Storage
import Testing

/// A date and time refused on a web form names the field as the form labels it (日時 / When) and the shape the form's
/// field takes, not the API's field key (`when:`) and an RFC 3339 example with `Z`. The JSON APIs keep their codes
/// and their field keys. Both forms that read a date and time (a workout set, a health record) say it the same way.
@Suite struct FormDateErrorTests {
    @Test func theWorkoutFormNamesItsFieldAndItsShape() async throws {
        let server = try TestServer()
        try await server.test { client in
            var web = WebSession(client)
            _ = try await web.signUp("hanako")
            let set = ["exerciseId": Lifts.bench, "weight": "80", "reps": "5"]
            let unreadable = try await web.submit(page: "/workouts", to: "/workouts/sets", form: set.merging(["when": "yesterday"]) { $1 })
            #expect(unreadable.status == .badRequest)
            #expect(unreadable.text.contains("日時: 「yesterday」は日時として正しくありません（2026-05-01 07:30 のように入力してください）"))
            #expect(!unreadable.text.contains("when:"))
            #expect(!unreadable.text.contains("07:30:00Z"))
            #expect(unreadable.text.contains(#"id="when" type="datetime-local" value="yesterday""#), "what was typed stays")
            let impossible = try await web.submit(page: "/workouts", to: "/workouts/sets", form: set.merging(["when": "2026-02-30T07:30"]) { $1 })
            #expect(impossible.text.contains("日時: 「2026-02-30T07:30」は日時として正しくありません（2026年2月は28日までで、30日はありません）"))

            try await RefusedFormsKeepTypingTests.readInEnglish(&web, name: "Hanako")
            let english = try await web.submit(page: "/workouts", to: "/workouts/sets", form: set.merging(["when": "yesterday"]) { $1 })
            #expect(english.status == .badRequest)
            #expect(english.text.contains("When: “yesterday” is not a valid date and time (enter it like 2026-05-01 07:30)."))
            #expect(!english.text.contains("when:") && !english.text.contains("07:30:00Z"))
        }
        let hanako = try #require(try await server.database.user(username: "hanako"))
        #expect(try await server.database.workoutSetCount(userId: hanako.id!) == 0, "nothing was stored")
    }

    /// A caller that names no field gets the label the forms show (日時 / When), held as a value: the default used to
    /// be read from the string table with `!`, a crash on every date typed if the key were ever renamed.
    @Test func withoutAFieldTheRefusalNamesTheFormsDateLabel() throws {
        #expect(WebStrings.all["when"] == WebStrings.whenLabel, "the label the pages show is the one the error names")
        #expect(throws: FormDateError.self) { try WebFormatting.parseLocalDateTime("yesterday", timeZone: .gmt) }
        do {
            _ = try WebFormatting.parseLocalDateTime("2026-02-30 07:30", timeZone: .gmt)
            Issue.record("2026-02-30 was read as a date")
        } catch {
            #expect(error.message.ja.hasPrefix("日時: 「2026-02-30 07:30」"))
            #expect(error.message.en.hasPrefix("When: “2026-02-30 07:30”"))
        }
    }

    /// The other web caller of the same parser: the records form says it in the same words.
    @Test func theRecordsFormSaysItTheSameWay() async throws {
        let server = try TestServer()
        try await server.test { client in
            var web = WebSession(client)
            _ = try await web.signUp("hanako")
            let refused = try await web.submit(page: "/records", to: "/records", form: ["metric": "bodyMass", "value": "60", "unit": "kg", "when": "7:30 tomorrow"])
            #expect(refused.status == .badRequest)
            #expect(refused.text.contains("日時: 「7:30 tomorrow」は日時として正しくありません（2026-05-01 07:30 のように入力してください）"))
            #expect(!refused.text.contains("when:"))
        }
        let hanako = try #require(try await server.database.user(username: "hanako"))
        #expect(try await server.database.recordCount(userId: hanako.id!) == 0)
    }

    /// The JSON APIs are not web forms: their answers keep the field key and the code a client checks.
    @Test func theAPIsKeepTheirCodesAndFieldKeys() async throws {
        let server = try TestServer()
        try await server.test { client in
            let phone = try await BulkTrackClient.device(client)
            let refused = try await phone.call(.post, "/v1/sets", body: ["exerciseId": Lifts.bench, "weight": 80, "reps": 5, "performedAt": "yesterday"])
            #expect(refused.status == .badRequest)
            #expect(refused.contractError?.code == "invalid_date")
            #expect(refused.contractError?.message.hasPrefix("performedAt: “yesterday”") == true)
        }
    }
}

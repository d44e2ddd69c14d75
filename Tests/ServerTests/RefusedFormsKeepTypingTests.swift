import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
@testable import Server
import Storage
import Testing

/// A refused form comes back (400) with what was typed, not the saved values, and a message that names the wrong
/// field by its label in the page's language: the profile, a task's edit form, a new goal, reminder settings and
/// a pause.
@Suite struct RefusedFormsKeepTypingTests {
    /// Switches the signed-in reader to English (a valid profile save).
    static func readInEnglish(_ web: inout WebSession, name: String) async throws {
        let saved = try await web.submit(page: "/settings", to: "/settings/profile", form: ["displayName": name, "timeZone": "Asia/Tokyo", "language": "en"])
        #expect(saved.status == .seeOther)
    }

    @Test func theProfileKeepsWhatWasTypedAndNamesTheField() async throws {
        let server = try TestServer()
        try await server.test { client in
            var web = WebSession(client)
            _ = try await web.signUp("aiko")
            let typed = ["displayName": "Aiko Sato", "heightCm": "abc", "targetWeightKg": "65", "timeZone": "Europe/Berlin", "language": "", "dateOfBirth": "1990-04-01", "biologicalSex": "female"]
            let refused = try await web.submit(page: "/settings", to: "/settings/profile", form: typed)
            #expect(refused.status == .badRequest)
            let page = refused.text
            #expect(page.contains("身長は 50〜272 cm の数字で入力してください。"))
            #expect(!page.contains("目標体重 30〜200 kg、有効なタイムゾーン"), "the message names only the wrong field")
            #expect(page.contains(#"name="displayName" maxlength="64" value="Aiko Sato""#))
            #expect(page.contains(#"name="heightCm" inputmode="decimal" value="abc""#))
            #expect(page.contains(#"name="targetWeightKg" inputmode="decimal" value="65""#))
            #expect(page.contains(#"<option value="Europe/Berlin" selected>"#))
            #expect(page.contains(#"value="1990-04-01""#))
            #expect(page.contains(#"<option value="female" selected>"#))
            let stored = try #require(try await server.database.user(username: "aiko"))
            #expect(stored.displayName == "aiko" && stored.targetWeightKg == nil, "nothing saved")

            // A target weight out of range names the target weight.
            let tooHeavy = try await web.submit(page: "/settings", to: "/settings/profile", form: ["displayName": "Aiko", "heightCm": "160", "targetWeightKg": "250", "timeZone": "Asia/Tokyo"])
            #expect(tooHeavy.status == .badRequest)
            #expect(tooHeavy.text.contains("目標体重は 30〜200 kg の数字で入力してください。"))
            #expect(tooHeavy.text.contains(#"name="heightCm" inputmode="decimal" value="160""#))
            #expect(tooHeavy.text.contains(#"name="targetWeightKg" inputmode="decimal" value="250""#))

            // The same in English.
            try await Self.readInEnglish(&web, name: "aiko")
            let english = try await web.submit(page: "/settings", to: "/settings/profile", form: ["displayName": "Aiko Sato", "heightCm": "abc", "targetWeightKg": "65", "timeZone": "Asia/Tokyo", "language": "en"])
            #expect(english.status == .badRequest)
            #expect(english.text.contains("Enter the height as a number from 50 to 272 cm."))
            #expect(english.text.contains(#"value="Aiko Sato""#))
            #expect(english.text.contains(#"value="abc""#))
        }
    }

    @Test func aTaskEditKeepsWhatWasTyped() async throws {
        let server = try TestServer()
        try await server.test { client in
            var web = WebSession(client)
            _ = try await web.signUp("ren")
            let created = try await web.submit(page: "/tasks", to: "/tasks", form: ["title": "Old title", "due": "2026-05-01", "tags": "old"])
            let taskPath = try #require(created.headers[.location])
            let edit = ["title": "New title", "notes": "Bring the receipts", "tags": "home papers", "due": "2026-02-30"]
            let refused = try await web.submit(page: taskPath, to: "\(taskPath)/edit", form: edit)
            #expect(refused.status == .badRequest)
            let page = refused.text
            #expect(page.contains("期限の日付「2026-02-30」はありません（2026年2月は28日までで、30日はありません）。"))
            #expect(page.contains(#"name="title" required maxlength="200" value="New title""#))
            #expect(page.contains(#"<textarea name="notes" rows="3">Bring the receipts</textarea>"#))
            #expect(page.contains(#"name="due" type="date" value="2026-02-30""#))
            #expect(page.contains(#"name="tags" value="home papers""#))
            #expect(page.contains(#"<details class="card" open>"#), "the edit form is open to fix")
            #expect(page.contains(#"<h1 id="task-heading">Old title"#), "the heading is still the saved title")

            // A page opened normally shows the saved values, with the form closed.
            let shown = try await web.get(taskPath).text
            #expect(shown.contains(#"name="title" required maxlength="200" value="Old title""#))
            #expect(shown.contains(#"name="due" type="date" value="2026-05-01""#))
            #expect(shown.contains(#"name="tags" value="old""#))
            #expect(shown.contains(#"<details class="card">"#))

            try await Self.readInEnglish(&web, name: "ren")
            let english = try await web.submit(page: taskPath, to: "\(taskPath)/edit", form: edit)
            #expect(english.status == .badRequest)
            #expect(english.text.contains("The due date 2026-02-30 does not exist (February 2026 has 28 days, not 30)."))
            #expect(english.text.contains(#"value="New title""#))
        }
    }

    @Test func aNewGoalKeepsWhatWasTypedAndSaysTheRuleByLabel() async throws {
        let clock = TestClock(BadgeAwardAPITests.start)
        let server = try TestServer(clock: { clock.now })
        let (_, token) = try await server.user("api")
        try await server.test { client in
            var web = WebSession(client)
            _ = try await web.signUp("mio")
            let notANumber = try await web.submit(page: "/goals", to: "/goals", form: ["metric": "stepCount", "direction": "atLeast", "target": "abc", "deadline": "2026-12-31"])
            #expect(notANumber.status == .badRequest)
            var page = notANumber.text
            #expect(page.contains("目標値は数字で入力してください。"))
            #expect(!page.contains("パラメータ"))
            #expect(page.contains(#"<option value="stepCount" selected>"#))
            #expect(page.contains(#"<option value="atLeast" selected>"#))
            #expect(page.contains(#"name="target" id="goal-target" inputmode="decimal" value="abc""#))
            #expect(page.contains(#"name="deadline" id="goal-deadline" value="2026-12-31""#))

            let past = try await web.submit(page: "/goals", to: "/goals", form: ["metric": "stepCount", "direction": "atLeast", "target": "8000", "deadline": "2026-01-15"])
            #expect(past.status == .badRequest)
            page = past.text
            #expect(page.contains("期限は明日以降の日付にしてください。"))
            #expect(!page.contains("パラメータ"))
            #expect(page.contains(#"value="8000""#) && page.contains(#"value="2026-01-15""#))

            let reversed = try await web.submit(page: "/goals", to: "/goals", form: ["metric": "bodyMass", "direction": "withinRange", "lower": "70", "upper": "60"])
            #expect(reversed.status == .badRequest)
            page = reversed.text
            #expect(page.contains("下限は上限以下の数字にしてください。"))
            #expect(page.contains(#"<option value="withinRange" selected>"#))
            #expect(page.contains(#"name="lower" id="goal-lower" inputmode="decimal" value="70""#))
            #expect(page.contains(#"name="upper" id="goal-upper" inputmode="decimal" value="60""#))
            #expect(try await server.database.goals(userId: try #require(try await server.database.user(username: "mio")?.id)).isEmpty)

            try await Self.readInEnglish(&web, name: "mio")
            let english = try await web.submit(page: "/goals", to: "/goals", form: ["metric": "stepCount", "direction": "atLeast", "target": "abc", "deadline": "2026-12-31"])
            #expect(english.status == .badRequest)
            #expect(english.text.contains("Enter the target as a number."))
            #expect(!english.text.contains("The parameter"))
            #expect(english.text.contains(#"value="abc""#) && english.text.contains(#"value="2026-12-31""#))
            let englishPast = try await web.submit(page: "/goals", to: "/goals", form: ["metric": "stepCount", "direction": "atLeast", "target": "8000", "deadline": "2026-01-15"])
            #expect(englishPast.text.contains("Set the deadline to a day after today."))
            let englishReversed = try await web.submit(page: "/goals", to: "/goals", form: ["metric": "bodyMass", "direction": "withinRange", "lower": "70", "upper": "60"])
            #expect(englishReversed.text.contains("Make the lower bound no higher than the upper bound."))

            // The API keeps its code naming the parameter.
            let api = try await client.execute(
                uri: "/api/v1/goals", method: .post, headers: .bearer(token),
                body: jsonBody(["metric": "stepCount", "direction": "atLeast", "target": 8000, "deadline": "2026-01-15"])
            )
            #expect(api.status == .badRequest)
            #expect(api.errorCode == "invalid_parameter")

            // Once set, the goal's card names its deadline without the form's "(optional)".
            let set = try await web.submit(page: "/goals", to: "/goals", form: ["metric": "stepCount", "direction": "atLeast", "target": "8000", "deadline": "2026-12-31"])
            #expect(set.status == .seeOther)
            let goals = try await web.get("/goals").text
            #expect(goals.contains("Deadline 2026-12-31"))
            #expect(!goals.contains("Deadline (optional) 2026-12-31"))
        }
    }

    @Test func reminderSettingsAndPausesKeepWhatWasTyped() async throws {
        let clock = TestClock(BadgeAwardAPITests.start)
        let server = try TestServer(clock: { clock.now })
        try await server.test { client in
            var web = WebSession(client)
            _ = try await web.signUp("sora")
            let settings = ["enabled": "1", "preferredTime": "08:00", "quietStart": "23:00", "quietEnd": "06:30", "webhookURL": "http://127.0.0.1:9/hook", "webhookFormat": "ntfy"]
            let refused = try await web.submit(page: "/settings/reminders", to: "/settings/reminders", form: settings)
            #expect(refused.status == .badRequest)
            var page = refused.text
            #expect(page.contains("インターネット上のアドレスではないため使えません"))
            #expect(page.contains(#"name="preferredTime" value="08:00""#))
            #expect(page.contains(#"name="quietStart" value="23:00""#))
            #expect(page.contains(#"name="webhookURL" value="http://127.0.0.1:9/hook""#))
            #expect(page.contains(#"<option value="ntfy" selected>"#))

            let pause = ["first": "2026-03-10", "last": "2026-03-05"]
            let reversed = try await web.submit(page: "/settings/reminders", to: "/settings/reminders/pauses", form: pause)
            #expect(reversed.status == .badRequest)
            page = reversed.text
            #expect(page.contains("休止の期間が逆です: last（最終日 2026-03-05）は first（開始日 2026-03-10）と同じ日かそれより後にしてください"))
            #expect(page.contains(#"name="first" value="2026-03-10""#))
            #expect(page.contains(#"name="last" value="2026-03-05""#))
            let userId = try #require(try await server.database.user(username: "sora")?.id)
            #expect(try await server.database.pauses(userId: userId).isEmpty)
            #expect(try await server.database.reminderSetting(userId: userId)?.preferredTime == nil, "nothing saved")

            // A page opened normally offers today for both days.
            let today = try await web.get("/settings/reminders").text
            #expect(today.contains(#"name="first" value="2026-03-01""#))

            try await Self.readInEnglish(&web, name: "sora")
            let english = try await web.submit(page: "/settings/reminders", to: "/settings/reminders", form: settings)
            #expect(english.status == .badRequest)
            #expect(english.text.contains("is not on the public internet"))
            #expect(english.text.contains(#"name="preferredTime" value="08:00""#))
            let englishPause = try await web.submit(page: "/settings/reminders", to: "/settings/reminders/pauses", form: pause)
            #expect(englishPause.status == .badRequest)
            #expect(englishPause.text.contains("The pause is reversed: last (the last day, 2026-03-05) must be on or after first (the first day, 2026-03-10)."))
            #expect(englishPause.text.contains(#"name="first" value="2026-03-10""#))
        }
    }
}

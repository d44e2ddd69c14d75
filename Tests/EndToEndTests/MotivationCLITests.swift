import Foundation
import Testing

extension CLITests {
    @Test func streaksBadgesGoalsAndAReminderPassFromTheTerminal() throws {
        #expect(try kiroku(["user", "create", "natsu", "--password-stdin"], input: "correct horse battery\n").status == 0)
        for day in ["2026-11-18", "2026-11-19"] {
            let added = try kiroku(["records", "add", "--user", "natsu", "--metric", "weight", "--value", "61.5", "--at", "\(day)T20:00:00+09:00"])
            #expect(added.status == 0, "\(added.error)")
        }

        let streaks = try kiroku(["streaks", "--user", "natsu", "--at", "2026-11-19T21:00:00+09:00"])
        #expect(streaks.status == 0, "\(streaks.error)")
        #expect(streaks.output.contains("any record"))
        #expect(streaks.output.contains("■■"))

        let badges = try kiroku(["badges", "--user", "natsu"], language: "ja_JP.UTF-8")
        #expect(badges.output.contains("はじめの一歩"))
        #expect(badges.output.contains("first-step"))
        #expect(badges.output.contains("100%"))

        let added = try kiroku(["goals", "add", "--user", "natsu", "--metric", "bodyMass", "--direction", "atMost", "--target", "58"])
        #expect(added.output.contains("Created goal 1."), "\(added.error)")
        let bad = try kiroku(["goals", "add", "--user", "natsu", "--metric", "bodyMass", "--direction", "down", "--target", "58"])
        #expect(bad.status != 0 && bad.error.contains("direction"))
        let goals = try kiroku(["goals", "list", "--user", "natsu"])
        #expect(goals.output.contains("≤ 58"))
        let suggest = try kiroku(["goals", "suggest", "--user", "natsu"])
        #expect(suggest.output.contains("No suggestions today"))

        // The weight plan's pace: 0.5 % until chosen, 0.25–1.0 % accepted, anything else refused in both languages.
        #expect(try kiroku(["goals", "pace", "--user", "natsu"]).output.contains("0.5 % of body weight a week"))
        let paced = try kiroku(["goals", "pace", "--user", "natsu", "--percent", "0.75"])
        #expect(paced.status == 0 && paced.output.contains("0.75 %"), "\(paced.error)")
        let tooFast = try kiroku(["goals", "pace", "--user", "natsu", "--percent", "1.5"])
        #expect(tooFast.status != 0 && tooFast.error.contains("between 0.25 % and 1.0 %"), "\(tooFast.error)")
        let tooFastJa = try kiroku(["goals", "pace", "--user", "natsu", "--percent", "0.1"], language: "ja_JP.UTF-8")
        #expect(tooFastJa.status != 0 && tooFastJa.error.contains("週0.25〜1.0%"), "\(tooFastJa.error)")
        #expect(try kiroku(["goals", "pace", "--user", "natsu"], language: "ja_JP.UTF-8").output.contains("体重の週0.75%"))

        // Nov 20 missed: one reminder on Nov 21 at the usual time, and a second pass sends nothing.
        let pass = try kiroku(["reminders", "run", "--at", "2026-11-21T20:30:00+09:00"])
        #expect(pass.status == 0, "\(pass.error)")
        #expect(pass.output.contains("Sent: 1 (inbox=1 webhook=0 calendar=0)"))
        let badURL = try kiroku(["reminders", "run", "--public-url", "kiroku.example", "--at", "2026-11-21T20:35:00+09:00"])
        #expect(badURL.status != 0 && badURL.error.contains("--public-url"), "\(badURL.error)")
        let again = try kiroku(["reminders", "run", "--at", "2026-11-21T20:35:00+09:00"])
        #expect(again.output.contains("Sent: 0"))
    }

    /// Two weeks of one weight a day (Mar 1–14, 2026) for a new user.
    func twoWeeksOfWeights(_ user: String) throws {
        #expect(try kiroku(["user", "create", user, "--password-stdin"], input: "correct horse battery\n").status == 0)
        for day in 1...14 {
            let added = try kiroku(["records", "add", "--user", user, "--metric", "weight", "--value", "80", "--at", String(format: "2026-03-%02dT07:00:00+09:00", day)])
            #expect(added.status == 0, "\(added.error)")
        }
    }

    @Test func aSuggestionIsAcceptedOrDismissedFromTheTerminal() throws {
        let at = ["--at", "2026-03-14T12:00:00+09:00"]
        func weightPlanId(_ user: String) throws -> String? {
            try kiroku(["goals", "suggest", "--user", user] + at).output.split(separator: "\n")
                .first { $0.hasPrefix("weightPlan:") }?.split(separator: " ").first.map(String.init)
        }
        try twoWeeksOfWeights("fuyu")
        let id = try #require(try weightPlanId("fuyu"))
        let unknown = try kiroku(["goals", "accept", "weightPlan:bodyMass:2020-01-01", "--user", "fuyu"] + at)
        #expect(unknown.status != 0 && unknown.error.contains("No such suggestion today"), "\(unknown.error)")
        let accepted = try kiroku(["goals", "accept", id, "--user", "fuyu"] + at)
        #expect(accepted.status == 0 && accepted.output.contains("Accepted: goal"), "\(accepted.error)")
        #expect(try kiroku(["goals", "list", "--user", "fuyu"] + at).output.contains("≤ 77.6"))
        #expect(try weightPlanId("fuyu") == nil, "no weight plan while a weight goal is active")

        try twoWeeksOfWeights("haru")
        let dismissed = try kiroku(["goals", "dismiss", try #require(try weightPlanId("haru")), "--user", "haru"] + at)
        #expect(dismissed.status == 0 && dismissed.output.contains("rests for 14 days"), "\(dismissed.error)")
        #expect(try weightPlanId("haru") == nil, "dismissed")
        #expect(!(try kiroku(["goals", "list", "--user", "haru"] + at).output.contains("≤")), "and no goal made")
    }
}

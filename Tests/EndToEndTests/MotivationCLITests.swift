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
}

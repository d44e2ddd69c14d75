import Foundation
import Hummingbird
import HummingbirdTesting
@testable import Server
import Storage
import Testing

/// A goal no one can reach (a million steps a day, a two-tonne weight) is a slip of the keyboard: refused, naming
/// the field and the highest believable value, and nothing stored.
@Suite struct UnreachableGoalTests {
    @Test func goalsBeyondWhatTheMetricCanReachAreRefused() async throws {
        let server = try TestServer()
        let (user, token) = try await server.user("kaori")
        try await server.test { client in
            try await BilingualRefusal.ask(
                client, "/api/v1/goals", method: .post, token: token, body: ["metric": "steps", "direction": "atLeast", "target": 1_000_000]
            ).expect(code: "invalid_parameter", ja: ["target: 歩数の目標は 100,000 歩 以下"], en: ["target: expected at most 100,000 steps for a steps goal"])
            try await BilingualRefusal.ask(
                client, "/api/v1/goals", method: .post, token: token,
                body: ["metric": "bodyMass", "direction": "withinRange", "lower": 60, "upper": 2_000]
            ).expect(code: "invalid_parameter", ja: ["upper: 体重の目標は"], en: ["upper: expected at most"])
            #expect(try await server.database.goals(userId: user.id!).isEmpty, "nothing stored")

            let created = try await client.execute(
                uri: "/api/v1/goals", method: .post, headers: .bearer(token), body: jsonBody(["metric": "steps", "direction": "atLeast", "target": 100_000])
            )
            #expect(created.status == .created, "the highest believable day is still a goal")
            let json = try created.json()
            let id = try #require((json["id"] as? String) ?? (json["id"] as? Int).map(String.init))
            try await BilingualRefusal.ask(client, "/api/v1/goals/\(id)", method: .patch, token: token, body: ["target": 250_000]).expect(
                code: "invalid_parameter", ja: ["target: 歩数の目標は 100,000 歩 以下"], en: ["target: expected at most 100,000 steps"]
            )
            #expect(try await server.database.goals(userId: user.id!).map(\.target) == [100_000], "the change is refused, the goal kept")
        }
    }

    /// The goals page used to answer a 700 kg target with "Enter the target as a number above 0", which 700 is: the
    /// form now names the field by its label and the highest value it takes, keeps what was typed, stores nothing.
    @Test func theGoalsPageSaysATooHighTargetIsTooHigh() async throws {
        let server = try TestServer()
        try await server.test { client in
            var web = WebSession(client)
            _ = try await web.signUp("kanon")
            let heavy = try await web.submit(page: "/goals", to: "/goals", form: ["metric": "bodyMass", "direction": "atMost", "target": "700"])
            #expect(heavy.status == .badRequest)
            #expect(heavy.text.contains("目標値: 体重の目標は 200.0 kg 以下にしてください。"), "\(heavy.text)")
            #expect(!heavy.text.contains("0 より大きい"))
            #expect(heavy.text.contains(#"name="target" id="goal-target" inputmode="decimal" value="700""#))
            let wide = try await web.submit(page: "/goals", to: "/goals", form: ["metric": "bodyMass", "direction": "withinRange", "lower": "60", "upper": "2000"])
            #expect(wide.text.contains("上限: 体重の目標は 200.0 kg 以下にしてください。"))

            try await RefusedFormsKeepTypingTests.readInEnglish(&web, name: "kanon")
            let english = try await web.submit(page: "/goals", to: "/goals", form: ["metric": "stepCount", "direction": "atLeast", "target": "1000000"])
            #expect(english.text.contains("Target: expected at most 100,000 steps for a steps goal."))
            #expect(!english.text.contains("above 0"))
            // Below 0 is still said as before.
            let negative = try await web.submit(page: "/goals", to: "/goals", form: ["metric": "stepCount", "direction": "atLeast", "target": "-5"])
            #expect(negative.text.contains("Enter the target as a number above 0."))
            let userId = try #require(try await server.database.user(username: "kanon")?.id)
            #expect(try await server.database.goals(userId: userId).isEmpty)
        }
    }
}

import Foundation
import Hummingbird
import HummingbirdTesting
@testable import Server
import Storage
import Testing

/// A goal of 8,000.5 steps was taken: a count can be neither reached nor missed by half a step, so a fraction is a
/// slip of the keyboard. It is refused, naming the field and the whole numbers around it, and nothing is stored.
@Suite struct WholeUnitGoalTests {
    @Test func aFractionOfACountIsRefusedOnCreateAndChange() async throws {
        let server = try TestServer()
        let (user, token) = try await server.user("chiyo")
        try await server.test { client in
            try await BilingualRefusal.ask(
                client, "/api/v1/goals", method: .post, token: token, body: ["metric": "steps", "direction": "atLeast", "target": 8000.5]
            ).expect(
                code: "invalid_parameter", ja: ["target: 歩数の目標は整数（8,000 か 8,001 など）"],
                en: ["target: expected a whole number of steps for a steps goal, such as 8,000 or 8,001"]
            )
            try await BilingualRefusal.ask(
                client, "/api/v1/goals", method: .post, token: token,
                body: ["metric": "flightsClimbed", "direction": "withinRange", "lower": 10.5, "upper": 20]
            ).expect(code: "invalid_parameter", ja: ["lower: 上った階数の目標は整数"], en: ["lower: expected a whole number of floors"])
            try await BilingualRefusal.ask(
                client, "/api/v1/goals", method: .post, token: token,
                body: ["metric": "steps", "direction": "withinRange", "lower": 6000, "upper": 9000.25]
            ).expect(code: "invalid_parameter", ja: ["upper: 歩数の目標は整数（9,000 か 9,001 など）"], en: ["upper: expected a whole number of steps"])
            try await BilingualRefusal.ask(
                client, "/api/v1/goals", method: .post, token: token,
                body: ["metric": "steps", "direction": "withinRange", "lower": 6000, "upper": 9000, "target": 7000.5]
            ).expect(code: "invalid_parameter", ja: ["target: 歩数の目標は整数（7,000 か 7,001 など）"], en: ["target: expected a whole number of steps"])
            #expect(try await server.database.goals(userId: user.id!).isEmpty, "nothing stored")

            let weight = try await client.execute(
                uri: "/api/v1/goals", method: .post, headers: .bearer(token), body: jsonBody(["metric": "bodyMass", "direction": "atMost", "target": 65.5])
            )
            #expect(weight.status == .created, "a weight is no count: 65.5 kg is a goal")
            let created = try await client.execute(
                uri: "/api/v1/goals", method: .post, headers: .bearer(token), body: jsonBody(["metric": "steps", "direction": "atLeast", "target": 8000])
            )
            #expect(created.status == .created)
            let id = try #require(try created.json()["id"] as? Int)
            try await BilingualRefusal.ask(client, "/api/v1/goals/\(id)", method: .patch, token: token, body: ["target": 8500.5]).expect(
                code: "invalid_parameter", ja: ["target: 歩数の目標は整数"], en: ["target: expected a whole number of steps"]
            )
            let steps = try await server.database.goals(userId: user.id!).filter { $0.metric == "stepCount" }
            #expect(steps.map(\.target) == [8000], "the change is refused, the goal kept")

            // A range without a target takes its middle, the whole number below it for a count.
            let range = try await client.execute(
                uri: "/api/v1/goals", method: .post, headers: .bearer(token),
                body: jsonBody(["metric": "flightsClimbed", "direction": "withinRange", "lower": 10, "upper": 15])
            )
            #expect(range.status == .created)
            let floors = try await server.database.goals(userId: user.id!).filter { $0.metric == "flightsClimbed" }
            #expect(floors.map(\.target) == [12])
        }
    }

    @Test func theGoalsPageSaysAFractionOfACountIsNotAGoal() async throws {
        let server = try TestServer()
        try await server.test { client in
            var web = WebSession(client)
            _ = try await web.signUp("kozue")
            let half = try await web.submit(page: "/goals", to: "/goals", form: ["metric": "stepCount", "direction": "atLeast", "target": "8000.5"])
            #expect(half.status == .badRequest)
            #expect(half.text.contains("目標値: 歩数の目標は整数（8,000 か 8,001 など）にしてください。"), "\(half.text)")
            #expect(half.text.contains(#"name="target" id="goal-target" inputmode="decimal" value="8000.5""#), "what was typed is kept")

            try await RefusedFormsKeepTypingTests.readInEnglish(&web, name: "kozue")
            let range = try await web.submit(
                page: "/goals", to: "/goals", form: ["metric": "flightsClimbed", "direction": "withinRange", "lower": "10", "upper": "12.5"]
            )
            #expect(range.status == .badRequest)
            #expect(range.text.contains("Upper bound: expected a whole number of floors for a flights climbed goal, such as 12 or 13."), "\(range.text)")
            let userId = try #require(try await server.database.user(username: "kozue")?.id)
            #expect(try await server.database.goals(userId: userId).isEmpty)
        }
    }

    /// A raise of 10 % makes 8,001 steps 8,801.1; the suggestion says 8801, and accepting it stores that whole
    /// number instead of the fraction (which the goal itself would now refuse).
    @Test func anAcceptedRaiseOfAStepsGoalIsAWholeNumber() async throws {
        let clock = TestClock(GoalsAPITests.start)
        let server = try TestServer(clock: { clock.now })
        let (user, token) = try await server.user("sayo")
        try await server.test { client in
            let created = try await client.execute(
                uri: "/api/v1/goals", method: .post, headers: .bearer(token), body: jsonBody(["metric": "steps", "direction": "atLeast", "target": 8001])
            )
            #expect(created.status == .created)
            for day in 0..<14 {
                clock.set(GoalsAPITests.start.addingTimeInterval(Double(day) * 86_400))
                let posted = try await client.execute(uri: "/api/v1/records", method: .post, headers: .bearer(token), body: jsonBody(["metric": "steps", "value": 9500]))
                #expect(posted.status == .created)
            }
            let listed = try await client.execute(uri: "/api/v1/goals/suggestions", method: .get, headers: .bearer(token)).json()
            let raise = try #require((listed["suggestions"] as? [[String: Any]])?.first { $0["kind"] as? String == "raiseGoal" })
            let id = try #require(raise["id"] as? String)
            let accepted = try await client.execute(uri: "/api/v1/goals/suggestions/\(id)/accept", method: .post, headers: .bearer(token))
            #expect(accepted.status.code < 300, "\(accepted.text)")
            #expect(try await server.database.goals(userId: user.id!).map(\.target) == [8801])
        }
    }
}

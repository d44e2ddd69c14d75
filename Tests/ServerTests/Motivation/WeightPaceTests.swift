import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
@testable import Server
import Storage
import Testing

/// The weight plan's pace (0.25–1.0 % of body weight a week): chosen over the API and on /goals (a plain form),
/// refused in Japanese and English outside that range without changing anything, and used by the weight
/// suggestion (weekly loss, milestone dates) and a weight goal's forecast day.
@Suite struct WeightPaceTests {
    static let start = BadgeAwardAPITests.start

    /// Two weeks of 80 kg, one weight a day; the clock ends on day 14 (2026-03-14 in Tokyo).
    static func twoWeeksOfWeights(_ client: any TestClientProtocol, token: String, clock: TestClock) async throws {
        for day in 0..<14 {
            clock.set(Self.start.addingTimeInterval(Double(day) * 86_400))
            let body = jsonBody(["metric": "weight", "value": 80, "unit": "kg"])
            #expect(try await client.execute(uri: "/api/v1/records", method: .post, headers: .bearer(token), body: body).status == .created)
        }
    }

    static func weightPlan(_ client: any TestClientProtocol, token: String) async throws -> [String: Any] {
        let found = try await client.execute(uri: "/api/v1/goals/suggestions", method: .get, headers: .bearer(token)).json()["suggestions"] as? [[String: Any]]
        return try #require(found?.first { $0["kind"] as? String == "weightPlan" })
    }

    @Test func thePaceIsChosenOverTheAPIAndSetsTheSuggestionAndTheForecast() async throws {
        let clock = TestClock(Self.start)
        let server = try TestServer(clock: { clock.now })
        let (_, token) = try await server.user("sakura")
        try await server.test { client in
            try await Self.twoWeeksOfWeights(client, token: token, clock: clock)
            let initial = try await client.execute(uri: "/api/v1/goals/weight-pace", method: .get, headers: .bearer(token)).json()
            #expect(initial["percentPerWeek"] as? Double == 0.5)
            #expect(initial["allowed"] as? [Double] == [0.25, 1.0])

            var plan = try #require(try await Self.weightPlan(client, token: token)["weightPlan"] as? [String: Any])
            #expect(plan["percentPerWeek"] as? Double == 0.5)
            #expect(plan["kilogramsPerWeek"] as? Double == 0.4)
            var first = try #require((plan["milestones"] as? [[String: Any]])?.first)
            #expect(first["target"] as? Double == 77.6)
            #expect(first["earliestDay"] as? String == "2026-04-25", "2.4 kg at 0.4 kg a week: 6 weeks")

            for (language, text) in [("ja", "減量ペースは週0.25〜1.0%の範囲"), ("en", "between 0.25 % and 1.0 % a week")] {
                for wrong in [1.5, 0.1, -1] {
                    let refused = try await client.execute(
                        uri: "/api/v1/goals/weight-pace", method: .put, headers: .bearer(token, language: language), body: jsonBody(["percentPerWeek": wrong])
                    )
                    #expect(refused.status == .badRequest)
                    #expect(refused.errorCode == "weight_rate_out_of_range")
                    #expect(refused.errorMessage?.contains(text) == true, "\(language): \(refused.errorMessage ?? "")")
                }
            }
            let notANumber = try await client.execute(uri: "/api/v1/goals/weight-pace", method: .put, headers: .bearer(token), body: jsonBody(["percentPerWeek": "fast"]))
            #expect(notANumber.status == .badRequest)
            #expect(try await client.execute(uri: "/api/v1/goals/weight-pace", method: .get, headers: .bearer(token)).json()["percentPerWeek"] as? Double == 0.5, "nothing changed")

            let saved = try await client.execute(uri: "/api/v1/goals/weight-pace", method: .put, headers: .bearer(token), body: jsonBody(["percentPerWeek": 1.0]))
            #expect(saved.status == .ok)
            #expect(try saved.json()["percentPerWeek"] as? Double == 1.0)
            let suggestion = try await Self.weightPlan(client, token: token)
            plan = try #require(suggestion["weightPlan"] as? [String: Any])
            #expect(plan["kilogramsPerWeek"] as? Double == 0.8)
            first = try #require((plan["milestones"] as? [[String: Any]])?.first)
            #expect(first["earliestDay"] as? String == "2026-04-04", "2.4 kg at 0.8 kg a week: 3 weeks")
            #expect((suggestion["message"] as? [String: String])?["ja"]?.contains("週0.8 kg（体重の1%）") == true)

            // Accepted, the plan is a goal whose forecast follows the pace, now and after a change.
            let id = try #require(suggestion["id"] as? String)
            let goal = try await client.execute(uri: "/api/v1/goals/suggestions/\(id)/accept", method: .post, headers: .bearer(token)).json()
            #expect(goal["deadline"] as? String == "2026-04-04")
            #expect(goal["forecastDay"] as? String == "2026-04-04")
            _ = try await client.execute(uri: "/api/v1/goals/weight-pace", method: .put, headers: .bearer(token), body: jsonBody(["percentPerWeek": 0.25]))
            let goals = try await client.execute(uri: "/api/v1/goals", method: .get, headers: .bearer(token)).json()["goals"] as? [[String: Any]]
            #expect(goals?.first?["forecastDay"] as? String == "2026-06-06", "2.4 kg at 0.2 kg a week: 12 weeks")
        }
    }

    @Test func thePaceIsChosenOnTheGoalsPageWithoutJavaScript() async throws {
        let clock = TestClock(Self.start)
        let server = try TestServer(clock: { clock.now })
        try await server.test { client in
            var web = WebSession(client)
            _ = try await web.signUp("hinata")
            let userId = try #require(try await server.database.user(username: "hinata")?.id)
            let page = try await web.get("/goals").text
            #expect(page.contains(#"<form method="post" action="/goals/weight-pace""#))
            #expect(page.contains(#"name="percentPerWeek" id="pace-percent" min="0.25" max="1" step="0.05" value="0.5""#))

            #expect(try await web.submit(page: "/goals", to: "/goals/weight-pace", form: ["percentPerWeek": "０．７５"]).status == .seeOther, "full-width digits from a Japanese keyboard")
            #expect(try await server.database.weightPlanSetting(userId: userId)?.percentPerWeek == 0.75)
            #expect(try await web.get("/goals").text.contains(#"value="0.75""#))

            let refused = try await web.submit(page: "/goals", to: "/goals/weight-pace", form: ["percentPerWeek": "1.5"])
            #expect(refused.status == .badRequest)
            #expect(refused.text.contains("減量ペースは週0.25〜1.0%の範囲で選んでください"))
            #expect(refused.text.contains(#"role="alert""#))
            #expect(try await web.submit(page: "/goals", to: "/goals/weight-pace", form: ["percentPerWeek": "はやく"]).status == .badRequest)
            #expect(try await server.database.weightPlanSetting(userId: userId)?.percentPerWeek == 0.75, "nothing changed")

            _ = try await web.submit(page: "/settings", to: "/settings/profile", form: ["displayName": "hinata", "timeZone": "Asia/Tokyo", "language": "en"])
            let inEnglish = try await web.submit(page: "/goals", to: "/goals/weight-pace", form: ["percentPerWeek": "0.2"])
            #expect(inEnglish.status == .badRequest)
            #expect(inEnglish.text.contains("Choose a weight-loss pace between 0.25 % and 1.0 % a week"))
        }
    }
}

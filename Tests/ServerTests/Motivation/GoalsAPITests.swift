import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
@testable import Server
import Storage
import Testing

/// Goals over the API: suggestions wait for two weeks of data, a dismissed one rests, an accepted one becomes a
/// goal with progress, status and history.
@Suite struct GoalsAPITests {
    static let start = BadgeAwardAPITests.start

    @Test func aWeightPlanIsSuggestedOnDay14NotDay13AndADismissedOneRests() async throws {
        let clock = TestClock(Self.start)
        let server = try TestServer(clock: { clock.now })
        let (_, token) = try await server.user("momoko")
        try await server.test { client in
            func suggestions() async throws -> [[String: Any]] {
                let response = try await client.execute(uri: "/api/v1/goals/suggestions", method: .get, headers: .bearer(token))
                #expect(response.status == .ok)
                return try response.json()["suggestions"] as? [[String: Any]] ?? []
            }
            // Days 1–14, with three days missed: 11 days with data.
            for day in 0..<14 {
                clock.set(Self.start.addingTimeInterval(Double(day) * 86_400))
                if ![2, 3, 4].contains(day) {
                    let body = jsonBody(["metric": "weight", "value": 70 - Double(day) * 0.05, "unit": "kg"])
                    #expect(try await client.execute(uri: "/api/v1/records", method: .post, headers: .bearer(token), body: body).status == .created)
                }
                let found = try await suggestions()
                if day < 13 {
                    #expect(found.isEmpty, "day \(day + 1): nothing before two weeks")
                } else {
                    #expect(found.count == 1, "day 14: one suggestion")
                    #expect(found.first?["kind"] as? String == "weightPlan")
                    #expect(found.first?["metric"] as? String == "bodyMass")
                }
            }
            let id = try #require(try await suggestions().first?["id"] as? String)
            let dismissed = try await client.execute(
                uri: "/api/v1/goals/suggestions/\(id)/dismiss", method: .post, headers: .bearer(token)
            )
            #expect(dismissed.status == .noContent)
            #expect(try await suggestions().isEmpty)
            for day in 14...27 {
                clock.set(Self.start.addingTimeInterval(Double(day) * 86_400))
                _ = try await client.execute(uri: "/api/v1/records", method: .post, headers: .bearer(token), body: jsonBody(["metric": "weight", "value": 69.2, "unit": "kg"]))
            }
            clock.set(Self.start.addingTimeInterval(26 * 86_400))
            #expect(try await suggestions().isEmpty, "13 days after dismissing, still resting")
            clock.set(Self.start.addingTimeInterval(27 * 86_400))
            let back = try await suggestions()
            #expect(back.count == 1, "14 days after dismissing, shown again")

            // Accepting makes it a goal.
            let acceptId = try #require(back.first?["id"] as? String)
            let accepted = try await client.execute(
                uri: "/api/v1/goals/suggestions/\(acceptId)/accept", method: .post, headers: .bearer(token)
            )
            #expect(accepted.status == .created)
            let goal = try accepted.json()
            #expect(goal["metric"] as? String == "bodyMass")
            #expect(goal["direction"] as? String == "atMost")
            #expect((goal["history"] as? [[String: Any]])?.first?["event"] as? String == "created")
            #expect(try await suggestions().isEmpty, "no weight plan while a weight goal is active")
        }
    }

    @Test func goalsCanBeCreatedChangedAndDeletedWithProgressAndHistory() async throws {
        let clock = TestClock(Self.start)
        let server = try TestServer(clock: { clock.now })
        let (_, token) = try await server.user("ken")
        let (_, other) = try await server.user("mallory")
        try await server.test { client in
            _ = try await client.execute(uri: "/api/v1/records", method: .post, headers: .bearer(token), body: jsonBody(["metric": "steps", "value": 6000]))
            let bad = try await client.execute(uri: "/api/v1/goals", method: .post, headers: .bearer(token), body: jsonBody(["metric": "steps", "direction": "sideways", "target": 8000]))
            #expect(bad.status == .badRequest)
            let created = try await client.execute(uri: "/api/v1/goals", method: .post, headers: .bearer(token), body: jsonBody(["metric": "steps", "direction": "atLeast", "target": 8000]))
            #expect(created.status == .created)
            let goal = try created.json()
            let id = try #require(goal["id"] as? Int)
            #expect(goal["status"] as? String == "onTrack")
            #expect(goal["current"] as? Double == 6000)
            // Steps are a daily total: today's 6,000 of 8,000 is three quarters of the way, not none of it.
            #expect(goal["progress"] as? Double == 75)

            _ = try await client.execute(uri: "/api/v1/records", method: .post, headers: .bearer(token), body: jsonBody(["metric": "steps", "value": 2500]))
            let shown = try await client.execute(uri: "/api/v1/goals/\(id)", method: .get, headers: .bearer(token)).json()
            #expect(shown["progress"] as? Double == 100)
            #expect(shown["status"] as? String == "achieved")
            #expect((shown["history"] as? [[String: Any]])?.map { $0["event"] as? String } == ["created", "achieved"])

            #expect(try await client.execute(uri: "/api/v1/goals/\(id)", method: .get, headers: .bearer(other)).status == .notFound)
            let changed = try await client.execute(uri: "/api/v1/goals/\(id)", method: .patch, headers: .bearer(token), body: jsonBody(["target": 10000]))
            #expect(try changed.json()["target"] as? Double == 10000)
            #expect(try await client.execute(uri: "/api/v1/goals/\(id)", method: .delete, headers: .bearer(other)).status == .notFound)
            #expect(try await client.execute(uri: "/api/v1/goals/\(id)", method: .delete, headers: .bearer(token)).status == .noContent)
            #expect((try await client.execute(uri: "/api/v1/goals", method: .get, headers: .bearer(token)).json()["goals"] as? [Any])?.isEmpty == true)
        }
    }
}

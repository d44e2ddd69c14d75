import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
@testable import Server
import Services
import Storage
import Testing

/// A goal broken into a step task: four steps on the way from start to target, ticked by themselves as the records
/// bring the goal there; asking again gives the same task; someone else's goal is not found.
@Suite struct GoalStepTaskTests {
    @Test func aWeightGoalsQuarterMarksTickThemselvesAsTheWeightComesDown() async throws {
        let clock = TestClock(BadgeAwardAPITests.start)
        let server = try TestServer(clock: { clock.now })
        let (_, token) = try await server.user("hanako")
        let (_, otherToken) = try await server.user("taro")
        try await server.test { client in
            func weigh(_ kg: Double, day: Int) async throws {
                clock.set(BadgeAwardAPITests.start.addingTimeInterval(Double(day) * 86_400))
                let posted = try await client.execute(uri: "/api/v1/records", method: .post, headers: .bearer(token), body: jsonBody(["metric": "weight", "value": kg, "unit": "kg"]))
                #expect(posted.status == .created)
            }
            try await weigh(70, day: 0)
            let created = try await client.execute(
                uri: "/api/v1/goals", method: .post, headers: .bearer(token),
                body: jsonBody(["metric": "weight", "direction": "atMost", "target": 66, "startValue": 70])
            )
            #expect(created.status == .created)
            let goalId = try #require(try created.json()["id"] as? Int)

            let made = try await client.execute(uri: "/api/v1/goals/\(goalId)/task", method: .post, headers: .bearer(token))
            #expect(made.status == .created)
            let task = try made.json()
            let taskId = try #require(task["id"] as? Int)
            let steps = try #require(task["steps"] as? [[String: Any]])
            #expect(steps.count == 4)
            #expect(steps.allSatisfy { $0["done"] as? Bool == false })
            #expect((steps.last?["title"] as? String)?.contains("66.0") == true)

            let again = try await client.execute(uri: "/api/v1/goals/\(goalId)/task", method: .post, headers: .bearer(token))
            #expect(again.status == .ok)
            #expect(try again.json()["id"] as? Int == taskId, "one task per goal")

            func done() async throws -> [Bool] {
                let shown = try await client.execute(uri: "/api/v1/tasks/\(taskId)", method: .get, headers: .bearer(token))
                return (try shown.json()["steps"] as? [[String: Any]] ?? []).map { $0["done"] as? Bool ?? false }
            }
            try await weigh(69, day: 1)
            #expect(try await done() == [true, false, false, false], "a quarter of the way")
            try await weigh(67, day: 2)
            #expect(try await done() == [true, true, true, false], "three quarters")

            let foreign = try await client.execute(uri: "/api/v1/goals/\(goalId)/task", method: .post, headers: .bearer(otherToken))
            #expect(foreign.status == .notFound)
        }
    }

    @Test func theGoalsPageBreaksAGoalIntoStepsAndOpensTheTask() async throws {
        let server = try TestServer()
        try await server.test { client in
            var browser = WebSession(client)
            _ = try await browser.signUp("hanako")
            _ = try await browser.submit(page: "/records", to: "/records", form: ["metric": "bodyMass", "value": "70"])
            let user = try #require(try await server.database.user(username: "hanako"))
            let (token, _) = try await server.accounts.createToken(for: user.id!, name: "t", now: Date())
            let created = try await client.execute(uri: "/api/v1/goals", method: .post, headers: .bearer(token), body: jsonBody(["metric": "weight", "direction": "atMost", "target": 66]))
            let goalId = try #require(try created.json()["id"] as? Int)
            let goals = try await browser.get("/goals").text
            #expect(goals.contains("action=\"/goals/\(goalId)/task\""))
            let opened = try await browser.submit(page: "/goals", to: "/goals/\(goalId)/task", form: [:])
            let location = try #require(opened.headers[.location])
            #expect(location.hasPrefix("/tasks/"))
            let task = try await browser.get(location).text
            #expect(task.contains("25 %") && task.contains("100 %"))
        }
    }

    @Test func aStepGoalsStepsReadInWholeSteps() async throws {
        let server = try TestServer()
        let (_, token) = try await server.user("hanako")
        try await server.test { client in
            let created = try await client.execute(
                uri: "/api/v1/goals", method: .post, headers: .bearer(token),
                body: jsonBody(["metric": "stepCount", "direction": "atLeast", "target": 9000, "startValue": 1000])
            )
            #expect(created.status == .created)
            let goalId = try #require(try created.json()["id"] as? Int)
            let made = try await client.execute(uri: "/api/v1/goals/\(goalId)/task", method: .post, headers: .bearer(token))
            let task = try made.json()
            let titles = try #require(task["steps"] as? [[String: Any]]).compactMap { $0["title"] as? String }
            // A day's steps start from zero, so the quarters of a 9,000-step day are 2,250 steps apart.
            #expect(titles == ["25 % — 2,250 歩", "50 % — 4,500 歩", "75 % — 6,750 歩", "100 % — 9,000 歩"])
            #expect(task["title"] as? String == "歩数 → 9,000 歩")
        }
    }
}

import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Storage
import Testing

@Suite struct TaskStepsAPITests {
    @Test func planTickAndCompleteATask() async throws {
        let server = try TestServer()
        let (_, token) = try await server.user("alice")
        try await server.test { client in
            let created = try await client.execute(
                uri: "/api/v1/tasks", method: .post, headers: .bearer(token),
                body: jsonBody(["title": "部屋の片付け", "steps": ["机", "本棚"], "tags": ["home"], "dueDate": "2026-12-01"])
            )
            #expect(created.status == .created)
            let task = try created.json()
            let id = try #require(task["id"] as? Int)
            let steps = try #require(task["steps"] as? [[String: Any]])
            #expect(steps.map { $0["title"] as? String } == ["机", "本棚"])
            #expect((task["progress"] as? [String: Any])?["percent"] as? Int == 0)
            #expect(task["dueDate"] as? String == "2026-12-01")

            let first = try #require(steps[0]["id"] as? Int), second = try #require(steps[1]["id"] as? Int)
            let half = try await client.execute(uri: "/api/v1/tasks/\(id)/steps/\(first)", method: .patch, headers: .bearer(token), body: jsonBody(["done": true]))
            #expect((try half.json()["progress"] as? [String: Any])?["percent"] as? Int == 50)
            let done = try await client.execute(uri: "/api/v1/tasks/\(id)/steps/\(second)", method: .patch, headers: .bearer(token), body: jsonBody(["done": true]))
            let finished = try done.json()
            #expect(finished["completed"] as? Bool == true)
            #expect(finished["completedAt"] is String)

            let list = try await client.execute(uri: "/api/v1/tasks?filter=completed", method: .get, headers: .bearer(token))
            let listed = try list.json()
            #expect((listed["tasks"] as? [[String: Any]])?.count == 1)
            #expect((listed["overall"] as? [String: Any])?["percent"] as? Int == 100)
            let open = try await client.execute(uri: "/api/v1/tasks?filter=in-progress", method: .get, headers: .bearer(token))
            #expect((try open.json()["tasks"] as? [[String: Any]])?.count == 0)

            let stats = try await client.execute(uri: "/api/v1/tasks/statistics", method: .get, headers: .bearer(token))
            let statistics = try stats.json()
            #expect(statistics["completedToday"] as? Int == 2)
            #expect(statistics["currentStreak"] as? Int == 1)
        }
    }

    @Test func retriedCreatesWithAClientIdAddNothing() async throws {
        let server = try TestServer()
        let (_, token) = try await server.user("alice")
        try await server.test { client in
            let body = ["title": "Run", "clientId": "phone-42"]
            let first = try await client.execute(uri: "/api/v1/tasks", method: .post, headers: .bearer(token), body: jsonBody(body))
            let second = try await client.execute(uri: "/api/v1/tasks", method: .post, headers: .bearer(token), body: jsonBody(body))
            #expect(first.status == .created)
            #expect(second.status == .ok)
            #expect(try first.json()["id"] as? Int == second.json()["id"] as? Int)
            let id = try #require(try first.json()["id"] as? Int)
            let stepBody = ["title": "shoes", "clientId": "phone-43"]
            let stepA = try await client.execute(uri: "/api/v1/tasks/\(id)/steps", method: .post, headers: .bearer(token), body: jsonBody(stepBody))
            let stepB = try await client.execute(uri: "/api/v1/tasks/\(id)/steps", method: .post, headers: .bearer(token), body: jsonBody(stepBody))
            #expect(stepA.status == .created)
            #expect(stepB.status == .ok)
            #expect((try stepB.json()["task"] as? [String: Any]).flatMap { $0["steps"] as? [Any] }?.count == 1)
        }
    }

    /// Found by the API fuzz test: the same clientId on another task's step was a unique-index violation, a 500.
    @Test func aStepClientIdAlreadyUsedOnAnotherTaskIsRefusedAndAddsNothing() async throws {
        let server = try TestServer()
        let (_, token) = try await server.user("alice")
        try await server.test { client in
            var tasks: [Int] = []
            for title in ["Run", "Read"] {
                let created = try await client.execute(uri: "/api/v1/tasks", method: .post, headers: .bearer(token), body: jsonBody(["title": title]))
                tasks.append(try #require(try created.json()["id"] as? Int))
            }
            let step = ["title": "shoes", "clientId": "phone-7"]
            let first = try await client.execute(uri: "/api/v1/tasks/\(tasks[0])/steps", method: .post, headers: .bearer(token), body: jsonBody(step))
            #expect(first.status == .created)
            let elsewhere = try await client.execute(uri: "/api/v1/tasks/\(tasks[1])/steps", method: .post, headers: .bearer(token, language: "ja"), body: jsonBody(step))
            #expect(elsewhere.status == .conflict)
            #expect(elsewhere.errorCode == "client_id_in_use")
            #expect(elsewhere.errorMessage?.contains("別のタスク") == true)
            let second = try await client.execute(uri: "/api/v1/tasks/\(tasks[1])", method: .get, headers: .bearer(token))
            #expect((try second.json()["steps"] as? [Any])?.count == 0, "nothing was added to the second task")
            let retry = try await client.execute(uri: "/api/v1/tasks/\(tasks[0])/steps", method: .post, headers: .bearer(token), body: jsonBody(step))
            #expect(retry.status == .ok, "a retry on the first task still returns its step")
        }
    }

    @Test func reorderTakesTheFullOrderAndIsIdempotent() async throws {
        let server = try TestServer()
        let (_, token) = try await server.user("alice")
        try await server.test { client in
            var ids: [Int] = []
            for title in ["a", "b", "c"] {
                let created = try await client.execute(uri: "/api/v1/tasks", method: .post, headers: .bearer(token), body: jsonBody(["title": title]))
                ids.append(try #require(try created.json()["id"] as? Int))
            }
            let order = [ids[2], ids[0], ids[1]]
            for _ in 0..<2 {
                let reordered = try await client.execute(uri: "/api/v1/tasks/order", method: .put, headers: .bearer(token), body: jsonBody(["ids": order]))
                #expect(reordered.status == .ok)
                #expect((try reordered.json()["tasks"] as? [[String: Any]])?.map { $0["title"] as? String } == ["c", "a", "b"])
            }
            let partial = try await client.execute(uri: "/api/v1/tasks/order", method: .put, headers: .bearer(token, language: "ja"), body: jsonBody(["ids": [ids[0]]]))
            #expect(partial.status == .badRequest)
            #expect(partial.errorCode == "invalid_order")
            #expect(partial.errorMessage?.contains("すべての項目") == true)
            let list = try await client.execute(uri: "/api/v1/tasks", method: .get, headers: .bearer(token))
            #expect((try list.json()["tasks"] as? [[String: Any]])?.map { $0["title"] as? String } == ["c", "a", "b"])
        }
    }

    @Test func invalidInputIsRefusedInBothLanguagesAndChangesNothing() async throws {
        let server = try TestServer()
        let (_, token) = try await server.user("alice")
        try await server.test { client in
            let empty = try await client.execute(uri: "/api/v1/tasks", method: .post, headers: .bearer(token, language: "ja"), body: jsonBody(["title": "  "]))
            #expect(empty.status == .badRequest)
            #expect(empty.errorCode == "empty_title")
            #expect(empty.errorMessage == "タスク名を入力してください。")
            let long = try await client.execute(uri: "/api/v1/tasks", method: .post, headers: .bearer(token), body: jsonBody(["title": String(repeating: "x", count: 201)]))
            #expect(long.errorCode == "title_too_long")
            #expect(long.errorMessage == "The task title must be at most 200 characters.")
            let tooMany = try await client.execute(
                uri: "/api/v1/tasks", method: .post, headers: .bearer(token),
                body: jsonBody(["title": "big", "steps": (1...101).map { "s\($0)" }])
            )
            #expect(tooMany.errorCode == "too_many_steps")
            let badDate = try await client.execute(uri: "/api/v1/tasks", method: .post, headers: .bearer(token), body: jsonBody(["title": "t", "dueDate": "2026-02-30"]))
            #expect(badDate.errorCode == "invalid_due_date")
            let badFilter = try await client.execute(uri: "/api/v1/tasks?filter=someday", method: .get, headers: .bearer(token))
            #expect(badFilter.errorCode == "invalid_parameter")
            let list = try await client.execute(uri: "/api/v1/tasks", method: .get, headers: .bearer(token))
            #expect((try list.json()["tasks"] as? [Any])?.isEmpty == true)
        }
    }

    @Test func patchChangesOnlyWhatIsSentAndNullClearsTheDueDate() async throws {
        let server = try TestServer()
        let (_, token) = try await server.user("alice")
        try await server.test { client in
            let created = try await client.execute(uri: "/api/v1/tasks", method: .post, headers: .bearer(token), body: jsonBody(["title": "t", "dueDate": "2026-12-24", "notes": "n"]))
            let id = try #require(try created.json()["id"] as? Int)
            let renamed = try await client.execute(uri: "/api/v1/tasks/\(id)", method: .patch, headers: .bearer(token), body: jsonBody(["title": "renamed"]))
            #expect(try renamed.json()["dueDate"] as? String == "2026-12-24")
            #expect(try renamed.json()["notes"] as? String == "n")
            let cleared = try await client.execute(uri: "/api/v1/tasks/\(id)", method: .patch, headers: .bearer(token), body: ByteBuffer(string: #"{"dueDate": null, "archived": true}"#))
            let task = try cleared.json()
            #expect(task["dueDate"] == nil)
            #expect(task["archived"] as? Bool == true)
            #expect(task["title"] as? String == "renamed")
        }
    }

    @Test func anotherUsersTaskAndStepsAnswer404() async throws {
        let server = try TestServer()
        let (_, alice) = try await server.user("alice")
        let (_, bob) = try await server.user("bob")
        try await server.test { client in
            let created = try await client.execute(uri: "/api/v1/tasks", method: .post, headers: .bearer(alice), body: jsonBody(["title": "secret", "steps": ["x"]]))
            let task = try created.json()
            let id = try #require(task["id"] as? Int)
            let step = try #require((task["steps"] as? [[String: Any]])?.first?["id"] as? Int)
            let attempts: [(String, HTTPRequest.Method, ByteBuffer?)] = [
                ("/api/v1/tasks/\(id)", .get, nil),
                ("/api/v1/tasks/\(id)", .patch, jsonBody(["title": "mine"])),
                ("/api/v1/tasks/\(id)", .delete, nil),
                ("/api/v1/tasks/\(id)/steps", .post, jsonBody(["title": "y"])),
                ("/api/v1/tasks/\(id)/steps/\(step)", .patch, jsonBody(["done": true])),
                ("/api/v1/tasks/\(id)/steps/\(step)", .delete, nil),
                ("/api/v1/tasks/\(id)/steps/order", .put, jsonBody(["ids": [step]])),
            ]
            for (uri, method, body) in attempts {
                let response = try await client.execute(uri: uri, method: method, headers: .bearer(bob), body: body)
                #expect(response.status == .notFound, "\(method) \(uri)")
            }
            let bobsList = try await client.execute(uri: "/api/v1/tasks", method: .get, headers: .bearer(bob))
            #expect((try bobsList.json()["tasks"] as? [Any])?.isEmpty == true)
            let still = try await client.execute(uri: "/api/v1/tasks/\(id)", method: .get, headers: .bearer(alice))
            #expect(try still.json()["title"] as? String == "secret")
            #expect((try still.json()["progress"] as? [String: Any])?["completed"] as? Int == 0)
        }
    }

    @Test func exportGivesJSONAndOneCSVRowPerStep() async throws {
        let server = try TestServer()
        let (_, token) = try await server.user("alice")
        try await server.test { client in
            _ = try await client.execute(uri: "/api/v1/tasks", method: .post, headers: .bearer(token), body: jsonBody(["title": "a, \"quoted\"", "steps": ["1", "2"]]))
            _ = try await client.execute(uri: "/api/v1/tasks", method: .post, headers: .bearer(token), body: jsonBody(["title": "empty"]))
            let csv = try await client.execute(uri: "/api/v1/tasks/export?format=csv", method: .get, headers: .bearer(token))
            #expect(csv.headers[.contentType]?.hasPrefix("text/csv") == true)
            let lines = csv.text.split(separator: "\r\n")
            #expect(lines.count == 4)
            #expect(lines[1].hasPrefix("1,\"a, \"\"quoted\"\"\",0,"))
            let json = try await client.execute(uri: "/api/v1/tasks/export?format=json", method: .get, headers: .bearer(token))
            let document = try json.json()
            #expect(document["format"] as? String == "kiroku-tasks")
            #expect((document["tasks"] as? [Any])?.count == 2)
            let full = try await client.execute(uri: "/api/v1/export?format=json", method: .get, headers: .bearer(token))
            #expect((try full.json()["tasks"] as? [Any])?.count == 2)
        }
    }
}

import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// Tasks and steps follow the records' rule for a `clientId` used again: the same content answers with the stored
/// one (200), other content is 422 idempotency_key_reused and adds nothing, and an item changed since answers with
/// the stored one.
@Suite struct TaskIdempotencyKeyTests {
    static var task: [String: Any] {
        [
            "title": "Tidy the desk", "notes": "before Friday", "dueDate": "2026-12-01", "tags": ["home"], "steps": ["clear", "wipe"], "clientId": "phone-task-1",
        ]
    }

    func taskCount(_ client: any TestClientProtocol, _ token: String) async throws -> Int {
        let list = try await client.execute(uri: "/api/v1/tasks?filter=all", method: .get, headers: .bearer(token))
        return (try list.json()["tasks"] as? [Any])?.count ?? -1
    }

    @Test func aTaskCreatedAgainIsARetryOnlyWithTheSameContent() async throws {
        let server = try TestServer()
        let (_, token) = try await server.user("alice")
        try await server.test { client in
            let first = try await client.execute(uri: "/api/v1/tasks", method: .post, headers: .bearer(token), body: jsonBody(Self.task))
            #expect(first.status == .created)
            let id = try #require(try first.json()["id"] as? Int)
            // Tags and titles are stored as validated: a "#home" tag and padded title are the same task.
            let same = Self.task.merging(["title": "  Tidy the desk ", "tags": ["#home"]]) { $1 }
            let retry = try await client.execute(uri: "/api/v1/tasks", method: .post, headers: .bearer(token), body: jsonBody(same))
            #expect(retry.status == .ok)
            #expect(try retry.json()["id"] as? Int == id)
            for change in [["title": "Tidy the shelf"], ["steps": ["clear"]], ["dueDate": NSNull()], ["tags": ["work"]]] as [[String: Any]] {
                for language in ["en", "ja"] {
                    let refused = try await client.execute(
                        uri: "/api/v1/tasks", method: .post, headers: .bearer(token, language: language), body: jsonBody(Self.task.merging(change) { $1 })
                    )
                    #expect(refused.status.code == 422, "\(change)")
                    #expect(refused.errorCode == "idempotency_key_reused")
                    #expect(refused.errorMessage?.contains("clientId") == true)
                    #expect(refused.errorMessage?.contains(language == "ja" ? "別の内容" : "different content") == true)
                }
            }
            #expect(try await taskCount(client, token) == 1)
            let stored = try await client.execute(uri: "/api/v1/tasks/\(id)", method: .get, headers: .bearer(token)).json()
            #expect(stored["title"] as? String == "Tidy the desk")
            #expect((stored["steps"] as? [[String: Any]])?.compactMap { $0["title"] as? String } == ["clear", "wipe"])
        }
    }

    @Test func aTaskChangedSinceAnswersAnyRetryWithItsStoredSelf() async throws {
        let server = try TestServer()
        let (_, token) = try await server.user("alice")
        try await server.test { client in
            let first = try await client.execute(uri: "/api/v1/tasks", method: .post, headers: .bearer(token), body: jsonBody(Self.task))
            let id = try #require(try first.json()["id"] as? Int)
            let steps = try #require(try first.json()["steps"] as? [[String: Any]])
            let stepId = try #require(steps.first?["id"] as? Int)
            // A step renamed changes the task: the original create sent late is a retry. (A later millisecond than
            // the create's, so the change shows.)
            try await Task.sleep(for: .milliseconds(5))
            let renamed = try await client.execute(uri: "/api/v1/tasks/\(id)/steps/\(stepId)", method: .patch, headers: .bearer(token), body: jsonBody(["title": "clear all"]))
            #expect(renamed.status == .ok)
            let late = try await client.execute(uri: "/api/v1/tasks", method: .post, headers: .bearer(token), body: jsonBody(Self.task))
            #expect(late.status == .ok)
            #expect(try late.json()["id"] as? Int == id)

            let other = Self.task.merging(["clientId": "phone-task-2"]) { $1 }
            let second = try await client.execute(uri: "/api/v1/tasks", method: .post, headers: .bearer(token), body: jsonBody(other))
            let secondId = try #require(try second.json()["id"] as? Int)
            try await Task.sleep(for: .milliseconds(5))
            let patched = try await client.execute(uri: "/api/v1/tasks/\(secondId)", method: .patch, headers: .bearer(token), body: jsonBody(["title": "Tidy"]))
            #expect(patched.status == .ok)
            let lateSecond = try await client.execute(uri: "/api/v1/tasks", method: .post, headers: .bearer(token), body: jsonBody(other))
            #expect(lateSecond.status == .ok)
            #expect(try lateSecond.json()["title"] as? String == "Tidy", "the edited task, not the request")
            #expect(try await taskCount(client, token) == 2)
        }
    }

    /// The order of steps is content the user chose: the same steps in another order are another task, unless the
    /// stored task's steps were moved since (then the create sent late answers with the moved task).
    @Test func stepsInAnotherOrderAreOtherContentUnlessTheTaskWasReorderedSince() async throws {
        let server = try TestServer()
        let (_, token) = try await server.user("alice")
        try await server.test { client in
            let first = try await client.execute(uri: "/api/v1/tasks", method: .post, headers: .bearer(token), body: jsonBody(Self.task))
            #expect(first.status == .created)
            let id = try #require(try first.json()["id"] as? Int)
            let stepIds = try #require((try first.json()["steps"] as? [[String: Any]])?.compactMap { $0["id"] as? Int })
            let swapped = Self.task.merging(["steps": ["wipe", "clear"]]) { $1 }
            let refused = try await client.execute(uri: "/api/v1/tasks", method: .post, headers: .bearer(token), body: jsonBody(swapped))
            #expect(refused.status.code == 422)
            #expect(refused.errorCode == "idempotency_key_reused")

            // Sending the order the task already has changes nothing, so the swapped create is still refused.
            try await Task.sleep(for: .milliseconds(5))
            let unchanged = try await client.execute(uri: "/api/v1/tasks/\(id)/steps/order", method: .put, headers: .bearer(token), body: jsonBody(["ids": stepIds]))
            #expect(unchanged.status == .ok)
            #expect(try await client.execute(uri: "/api/v1/tasks", method: .post, headers: .bearer(token), body: jsonBody(swapped)).status.code == 422)

            try await Task.sleep(for: .milliseconds(5))
            let moved = try await client.execute(
                uri: "/api/v1/tasks/\(id)/steps/order", method: .put, headers: .bearer(token), body: jsonBody(["ids": Array(stepIds.reversed())])
            )
            #expect(moved.status == .ok)
            let late = try await client.execute(uri: "/api/v1/tasks", method: .post, headers: .bearer(token), body: jsonBody(Self.task))
            #expect(late.status == .ok)
            #expect(try late.json()["id"] as? Int == id)
            #expect((try late.json()["steps"] as? [[String: Any]])?.compactMap { $0["title"] as? String } == ["wipe", "clear"], "the moved task, not the request")
            #expect(try await taskCount(client, token) == 1)
        }
    }

    @Test func aStepAddedAgainIsARetryOnlyWithTheSameTitle() async throws {
        let server = try TestServer()
        let (_, token) = try await server.user("alice")
        try await server.test { client in
            let created = try await client.execute(uri: "/api/v1/tasks", method: .post, headers: .bearer(token), body: jsonBody(["title": "Run"]))
            let id = try #require(try created.json()["id"] as? Int)
            let step = ["title": "shoes", "clientId": "phone-step-1"]
            let first = try await client.execute(uri: "/api/v1/tasks/\(id)/steps", method: .post, headers: .bearer(token), body: jsonBody(step))
            #expect(first.status == .created)
            let stepId = try #require((try first.json()["step"] as? [String: Any])?["id"] as? Int)
            #expect(try await client.execute(uri: "/api/v1/tasks/\(id)/steps", method: .post, headers: .bearer(token), body: jsonBody(step)).status == .ok)
            for language in ["en", "ja"] {
                let refused = try await client.execute(
                    uri: "/api/v1/tasks/\(id)/steps", method: .post, headers: .bearer(token, language: language), body: jsonBody(["title": "socks", "clientId": "phone-step-1"])
                )
                #expect(refused.status.code == 422)
                #expect(refused.errorCode == "idempotency_key_reused")
                #expect(refused.errorMessage?.contains("clientId") == true)
            }
            let task = try await client.execute(uri: "/api/v1/tasks/\(id)", method: .get, headers: .bearer(token)).json()
            #expect((task["steps"] as? [[String: Any]])?.compactMap { $0["title"] as? String } == ["shoes"])

            // Renamed since: the original add sent late answers with the renamed step.
            try await Task.sleep(for: .milliseconds(5))
            let renamed = try await client.execute(uri: "/api/v1/tasks/\(id)/steps/\(stepId)", method: .patch, headers: .bearer(token), body: jsonBody(["title": "running shoes"]))
            #expect(renamed.status == .ok)
            let late = try await client.execute(uri: "/api/v1/tasks/\(id)/steps", method: .post, headers: .bearer(token), body: jsonBody(step))
            #expect(late.status == .ok)
            #expect((try late.json()["step"] as? [String: Any])?["title"] as? String == "running shoes")
        }
    }
}

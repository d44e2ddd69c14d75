import Foundation
import Hummingbird
import HummingbirdTesting
import Storage
import Testing

/// A due date in the YYYY-MM-DD form that is not on the calendar (2026-02-30) is refused as a day that does not
/// exist, in the web form and the API, in Japanese and English; asking for YYYY-MM-DD again would not help anyone.
@Suite struct TaskDueDateTests {
    @Test func theAPISaysTheDueDateDoesNotExist() async throws {
        let server = try TestServer()
        let (alice, token) = try await server.user("alice")
        try await server.test { client in
            let english = try await client.execute(
                uri: "/api/v1/tasks", method: .post, headers: .bearer(token), body: jsonBody(["title": "Taxes", "dueDate": "2026-02-30"])
            )
            #expect(english.status == .badRequest)
            #expect(english.errorCode == "invalid_due_date")
            #expect(english.errorMessage == "The due date 2026-02-30 does not exist (February 2026 has 28 days, not 30).")
            let japanese = try await client.execute(
                uri: "/api/v1/tasks", method: .post, headers: .bearer(token, language: "ja"), body: jsonBody(["title": "Taxes", "dueDate": "2026-02-30"])
            )
            #expect(japanese.errorMessage == "期限の日付「2026-02-30」はありません（2026年2月は28日までで、30日はありません）。")
            // A date not in the form is still asked for in the form.
            let unreadable = try await client.execute(
                uri: "/api/v1/tasks", method: .post, headers: .bearer(token), body: jsonBody(["title": "Taxes", "dueDate": "30/02/2026"])
            )
            #expect(unreadable.errorCode == "invalid_due_date")
            #expect(unreadable.errorMessage == "Enter the due date as YYYY-MM-DD.")

            // A change to an existing task is refused the same way and leaves the task as it was.
            let created = try await client.execute(
                uri: "/api/v1/tasks", method: .post, headers: .bearer(token), body: jsonBody(["title": "Taxes", "dueDate": "2026-02-27"])
            )
            let id = try #require(try created.json()["id"] as? Int)
            let patched = try await client.execute(
                uri: "/api/v1/tasks/\(id)", method: .patch, headers: .bearer(token), body: jsonBody(["dueDate": "2026-04-31"])
            )
            #expect(patched.status == .badRequest)
            #expect(patched.errorMessage == "The due date 2026-04-31 does not exist (April 2026 has 30 days, not 31).")
            let read = try await client.execute(uri: "/api/v1/tasks/\(id)", method: .get, headers: .bearer(token))
            #expect(try read.json()["dueDate"] as? String == "2026-02-27")
        }
        #expect(try await server.database.tasks(userId: alice.id!).count == 1)
    }

    @Test func theWebFormSaysTheDueDateDoesNotExist() async throws {
        let server = try TestServer()
        try await server.test { client in
            var web = WebSession(client)
            _ = try await web.signUp("ren")
            let refused = try await web.submit(page: "/tasks", to: "/tasks", form: ["title": "Taxes", "due": "2026-02-30"])
            #expect(refused.status == .badRequest)
            #expect(refused.text.contains("期限の日付「2026-02-30」はありません（2026年2月は28日までで、30日はありません）。"))
            #expect(!refused.text.contains("YYYY-MM-DD の形式で"))
            try await RefusedFormsKeepTypingTests.readInEnglish(&web, name: "Ren")
            let english = try await web.submit(page: "/tasks", to: "/tasks", form: ["title": "Taxes", "due": "2026-02-30"])
            #expect(english.status == .badRequest)
            #expect(english.text.contains("The due date 2026-02-30 does not exist (February 2026 has 28 days, not 30)."))
        }
        let ren = try #require(try await server.database.user(username: "ren"))
        #expect(try await server.database.tasks(userId: ren.id!).isEmpty)
    }
}

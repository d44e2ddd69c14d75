import Foundation
import Hummingbird
import HummingbirdTesting
import Storage
import Testing

@Suite struct TasksWebTests {
    static func taskId(fromLocation location: String?) -> String? {
        location?.split(separator: "/").last.map { String($0.split(separator: "#")[0]) }
    }

    @Test func planATaskTickStepsAndSeeProgressWithoutJavaScript() async throws {
        let server = try TestServer()
        try await server.test { client in
            var browser = WebSession(client)
            _ = try await browser.signUp("hanako")
            let created = try await browser.submit(page: "/tasks", to: "/tasks", form: ["title": "引っ越し", "steps": "箱を買う\n荷造り\n\n運ぶ\n", "tags": "#home", "due": ""])
            #expect(created.status == .seeOther)
            let id = try #require(Self.taskId(fromLocation: created.headers[.location]))
            let page = try await browser.get("/tasks/\(id)").text
            #expect(page.contains("箱を買う") && page.contains("荷造り") && page.contains("運ぶ"))
            #expect(page.contains("id=\"task-percent\">0%"))

            let stepIds = try #require(Self.stepIds(in: page))
            #expect(stepIds.count == 3)
            let ticked = try await browser.submit(page: "/tasks/\(id)", to: "/tasks/\(id)/steps/\(stepIds[0])/done", form: ["done": "1"])
            #expect(ticked.status == .seeOther)
            // The same submit again (a double tap) changes nothing more.
            _ = try await browser.submit(page: "/tasks/\(id)", to: "/tasks/\(id)/steps/\(stepIds[0])/done", form: ["done": "1"])
            let after = try await browser.get("/tasks/\(id)").text
            #expect(after.contains("id=\"task-percent\">33%"))
            #expect(after.contains("1 / 3"))

            let list = try await browser.get("/tasks").text
            #expect(list.contains("id=\"overall-percent\">33%"))
            #expect(list.contains("id=\"today-count\">1<"))
            #expect(list.contains("class=\"kc-chart kc-activity-calendar\""))
            #expect(list.contains("data-count=\"1\""))
            #expect(list.contains("#home"))

            // Two of three reads 67 %, as a person would say it, not 66 %.
            _ = try await browser.submit(page: "/tasks/\(id)", to: "/tasks/\(id)/steps/\(stepIds[1])/done", form: ["done": "1"])
            #expect(try await browser.get("/tasks/\(id)").text.contains("id=\"task-percent\">67%"))
        }
    }

    @Test func upAndDownReorderStepsAndAnEmptyStepIsExplained() async throws {
        let server = try TestServer()
        try await server.test { client in
            var browser = WebSession(client)
            _ = try await browser.signUp("hanako")
            let created = try await browser.submit(page: "/tasks", to: "/tasks", form: ["title": "t", "steps": "one\ntwo"])
            let id = try #require(Self.taskId(fromLocation: created.headers[.location]))
            let ids = try #require(Self.stepIds(in: try await browser.get("/tasks/\(id)").text))
            _ = try await browser.submit(page: "/tasks/\(id)", to: "/tasks/\(id)/steps/\(ids[1])/move", form: ["direction": "up"])
            let moved = try await browser.get("/tasks/\(id)").text
            #expect(Self.stepIds(in: moved) == [ids[1], ids[0]])

            _ = try await browser.submit(page: "/tasks/\(id)", to: "/tasks/\(id)/steps/\(ids[0])/rename", form: ["title": "ONE"])
            #expect(try await browser.get("/tasks/\(id)").text.contains("<span class=\"step-title\">ONE</span>"))

            let refused = try await browser.submit(page: "/tasks/\(id)", to: "/tasks/\(id)/steps", form: ["title": "   "])
            #expect(refused.status == .badRequest)
            #expect(refused.text.contains("ステップ名を入力してください。"))
            #expect(Self.stepIds(in: refused.text)?.count == 2)
        }
    }

    @Test func anotherUsersTaskPageIsNotFound() async throws {
        let server = try TestServer()
        try await server.test { client in
            var alice = WebSession(client)
            _ = try await alice.signUp("alice")
            let created = try await alice.submit(page: "/tasks", to: "/tasks", form: ["title": "private", "steps": "x"])
            let id = try #require(Self.taskId(fromLocation: created.headers[.location]))
            var bob = WebSession(client)
            _ = try await bob.signUp("bobby")
            #expect(try await bob.get("/tasks/\(id)").status == .notFound)
            let tick = try await bob.submit(page: "/tasks", to: "/tasks/\(id)/delete", form: [:])
            #expect(tick.status == .notFound)
            #expect(try await alice.get("/tasks/\(id)").status == .ok)
        }
    }

    static func stepIds(in html: String) -> [String]? {
        let pattern = #"id="step-(\d+)""#
        let regex = try? NSRegularExpression(pattern: pattern)
        let range = NSRange(html.startIndex..., in: html)
        return regex?.matches(in: html, range: range).compactMap { Range($0.range(at: 1), in: html).map { String(html[$0]) } }
    }
}

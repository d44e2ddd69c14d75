import Foundation
import Health
import Hummingbird
import HummingbirdTesting
import NIOCore
@testable import Server
import Storage
import Testing

/// Issue 15, phone navigation over real HTTP: every signed-in page carries the bottom tab bar with the current tab
/// marked and the inbox's unread count on "More", and `/more` reaches every page the tab bar leaves out.
@Suite struct PhoneNavigationTests {
    static func currentTab(_ html: String) -> String? {
        guard let bar = html.range(of: #"<nav class="tabbar"[\s\S]*?</nav>"#, options: .regularExpression),
              let current = html[bar].range(of: #"id="tab-[a-z]+" aria-current="page""#, options: .regularExpression) else { return nil }
        return String(html[bar][current].dropFirst(4).prefix { $0 != "\"" })
    }

    @Test func everyPageMarksItsTab() async throws {
        let server = try TestServer()
        try await server.test { client in
            var browser = WebSession(client)
            _ = try await browser.signUp("hanako")
            let home = try await browser.get("/").text
            #expect(home.contains(#"<nav class="tabbar" aria-label="タブ">"#))
            for (label, tab) in [("ホーム", "tab-home"), ("記録", "tab-records"), ("タスク", "tab-tasks"), ("トレーニング", "tab-workouts"), ("その他", "tab-more")] {
                #expect(home.range(of: "id=\"\(tab)\"[^>]*>\(label)", options: .regularExpression) != nil, "\(tab) reads \(label)")
            }
            let expected = [
                "/": "tab-home", "/trends/weight": "tab-home", "/records": "tab-records", "/tasks": "tab-tasks",
                "/workouts": "tab-workouts", "/more": "tab-more", "/inbox": "tab-more", "/settings": "tab-more",
                "/goals": "tab-more", "/badges": "tab-more", "/insights": "tab-more", "/sawayaka": "tab-more",
            ]
            for (path, tab) in expected {
                let page = try await browser.get(path)
                #expect(page.status == .ok, "\(path)")
                #expect(Self.currentTab(page.text) == tab, "\(path) marks \(tab), not \(Self.currentTab(page.text) ?? "none")")
            }
            let more = try await browser.get("/more").text
            for link in ["/inbox", "/insights", "/goals", "/badges", "/sawayaka", "/settings"] {
                #expect(more.contains("<a href=\"\(link)\" id=\"more-"), "More links to \(link)")
            }
        }
    }

    @Test func signedOutPagesHaveNoTabBar() async throws {
        let server = try TestServer()
        try await server.test { client in
            var browser = WebSession(client)
            let signIn = try await browser.get("/signin").text
            #expect(!signIn.contains("tabbar"))
            let more = try await browser.get("/more")
            #expect(more.status == .seeOther, "More is for signed-in people")
        }
    }

    @Test func theMoreTabShowsTheInboxUnreadCount() async throws {
        let server = try TestServer()
        try await server.test { client in
            var browser = WebSession(client)
            _ = try await browser.signUp("hanako")
            #expect(!(try await browser.get("/tasks").text.contains("id=\"tab-unread\"")))
            let user = try #require(try await server.database.user(username: "hanako"))
            for minute in 0..<2 {
                _ = try await server.database.insertInboxMessage(InboxMessage(
                    userId: user.id!, createdAt: Date().addingTimeInterval(Double(minute) * 60), kind: "note",
                    title: .init(ja: "お知らせ", en: "Note"), body: .init(ja: "本文", en: "Body")
                ))
            }
            let tasks = try await browser.get("/tasks").text
            #expect(tasks.contains(#"その他 <span class="nav-count" id="tab-unread" aria-label="未読 2">2</span></a>"#))
            _ = try await browser.submit(page: "/inbox", to: "/inbox/read", form: [:])
            #expect(!(try await browser.get("/tasks").text.contains("id=\"tab-unread\"")))
        }
    }
}

import Foundation
import Hummingbird
import HummingbirdTesting
@testable import Server
import Storage
import Testing

/// An award is celebrated once, on the next page the person opens — whichever page it is — and a download or a form
/// post never uses the celebration up.
@Suite struct CelebrationTests {
    @Test func theNextPageOfAnyKindCelebratesOnceAndADownloadDoesNot() async throws {
        let server = try TestServer()
        try await server.test { client in
            var browser = WebSession(client)
            _ = try await browser.signUp("hanako")
            _ = try await browser.submit(page: "/records", to: "/records", form: ["metric": "bodyMass", "value": "60"])
            let download = try await browser.get("/settings/export.csv")
            #expect(download.status == .ok)
            let page = try await browser.get("/tasks").text
            #expect(page.contains(#"id="celebration""#), "はじめの一歩 is celebrated on the task list too")
            #expect(page.contains("はじめの一歩"))
            #expect(!(try await browser.get("/tasks").text.contains(#"id="celebration""#)), "once")
            #expect(!(try await browser.get("/").text.contains(#"id="celebration""#)), "and not again on the dashboard")
        }
    }
}

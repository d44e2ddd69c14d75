import Foundation
import Hummingbird
import HummingbirdTesting
@testable import Server
import Storage
import Testing

/// Settings lists every signed-in browser (which, from where, since when, last used) and signs any one of them out.
@Suite struct SessionsWebTests {
    static let iPhone = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1"
    static let laptop = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"

    @Test func aPersonSeesTheirBrowsersAndSignsALostPhoneOut() async throws {
        let server = try TestServer()
        try await server.test { client in
            var phone = WebSession(client, userAgent: Self.iPhone)
            _ = try await phone.signUp("hanako")
            var laptop = WebSession(client, userAgent: Self.laptop)
            let signedIn = try await laptop.submit(page: "/signin", to: "/signin", form: ["username": "hanako", "password": "correct horse battery"])
            #expect(signedIn.status == .seeOther || signedIn.status == .found)

            let settings = try await laptop.get("/settings").text
            #expect(settings.contains("Safari · iPhone"))
            #expect(settings.contains("Chrome · Linux"))
            let current = try #require(settings.range(of: #"Chrome · Linux</strong> <span class="badge">"#))
            #expect(!current.isEmpty, "the laptop is marked as this browser")
            let endPath = try #require(settings.range(of: #"/settings/sessions/[0-9a-f]{16}/end"#, options: .regularExpression))
            let ended = try await laptop.submit(page: "/settings", to: String(settings[endPath]), form: [:])
            #expect(ended.status == .seeOther || ended.status == .found)

            let afterwards = try await phone.get("/settings")
            #expect(afterwards.status == .seeOther || afterwards.status == .found, "the phone must sign in again")
            #expect(try await laptop.get("/settings").status == .ok, "the laptop stays signed in")
            #expect(!(try await laptop.get("/settings").text.contains("Safari · iPhone")))

            // Someone else's browser id reads as one that does not exist.
            var other = WebSession(client)
            _ = try await other.signUp("taro")
            let forged = try await other.submit(page: "/settings", to: "/settings/sessions/0123456789abcdef/end", form: [:])
            #expect(forged.status == .notFound)
        }
    }

    @Test func browserNamesArePlainWords() {
        #expect(BrowserDescription.of(Self.iPhone) == "Safari · iPhone")
        #expect(BrowserDescription.of(Self.laptop) == "Chrome · Linux")
        #expect(BrowserDescription.of("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0") == "Edge · Windows")
        #expect(BrowserDescription.of(nil) == nil)
    }
}

/// A personal token's list entry says when and from where it was last used, over a real socket; a burst of
/// requests from the same address stamps it once.
@Suite struct TokenUseWebTests {
    @Test func aTokensLastUseShowsItsAddress() async throws {
        let server = try TestServer()
        let (user, token) = try await server.user("hanako")
        try await server.liveClient { client in
            let listed = try await client.execute(uri: "/api/v1/tokens", method: .get, headers: .bearer(token)).json()
            let first = (listed["tokens"] as? [[String: Any]])?.first
            #expect(first?["lastAddress"] as? String == "127.0.0.1", "\(listed)")
            let stamped = try #require(try await server.database.apiTokens(userId: user.id!).first?.lastUsedAt)
            _ = try await client.execute(uri: "/api/v1/tokens", method: .get, headers: .bearer(token))
            #expect(try await server.database.apiTokens(userId: user.id!).first?.lastUsedAt == stamped, "used again within the minute: not written again")
        }
    }
}

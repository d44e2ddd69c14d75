import Foundation
import Testing

/// The `next` a sign-in or language switch returns to, over real HTTP: never another site, however it is spelled.
@Suite struct ReturnPathTests {
    static let evil = ["/%09/evil.example", "//evil.example", "/%5Cevil.example", "/%2F%2Fevil.example", "/%252F/evil.example", "https://evil.example"]

    @Test func signInSendsEveryDisguisedOffsiteTargetHome() async throws {
        let server = try TestServer()
        _ = try await server.user("hanako")
        try await server.live { port in
            for target in Self.evil {
                let browser = RawBrowser(port: port, from: "127.0.0.1")
                let signedIn = try await browser.signIn("hanako", password: "correct horse battery", next: "?next=" + target)
                #expect(signedIn.status == 303)
                #expect(signedIn.header("location") == "/", "\(target)")
            }
            let browser = RawBrowser(port: port, from: "127.0.0.1")
            let local = try await browser.signIn("hanako", password: "correct horse battery", next: "?next=/tasks%3Ffilter%3Ddue-soon%26tag%3Dhome")
            #expect(local.header("location") == "/tasks?filter=due-soon&tag=home", "a local page keeps its own query")
        }
    }

    @Test func theSignInFormCarriesTheTargetAsOneQueryValue() async throws {
        let server = try TestServer()
        try await server.live { port in
            let browser = RawBrowser(port: port, from: "127.0.0.1")
            let page = try await browser.get("/signin?next=/tasks%3Ffilter%3Ddue-soon%26tag%3Dhome")
            #expect(page.text.contains("action=\"/signin?next=/tasks%3Ffilter%3Ddue-soon%26tag%3Dhome\""))
            let evil = try await browser.get("/signin?next=/%09/evil.example")
            #expect(evil.text.contains("action=\"/signin?next=/\""))
        }
    }

    @Test func theLanguageSwitchSendsOffsiteTargetsHome() async throws {
        let server = try TestServer()
        try await server.live { port in
            for target in Self.evil {
                let switched = try await RawConnection.exchange(port: port, "GET /lang/en?next=\(target) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                #expect(switched.status == 303)
                #expect(switched.header("location") == "/", "\(target)")
            }
        }
    }
}

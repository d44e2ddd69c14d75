import Foundation
@testable import Server
import Services
import Storage
import Testing
import Webhooks

/// Behind a reverse proxy (`--trusted-proxy`), sign-in limits count the client the proxy names in `X-Forwarded-For`,
/// so a guesser behind the same proxy slows only themselves; what a client writes into the header itself, directly
/// or in front of the proxy's entry, changes nothing.
@Suite struct TrustedProxyTests {
    static let proxy = "127.0.0.4"
    static let stranger = "127.0.0.5"
    static let limits = LoginRateLimiter.Limits(firstDelay: 60)

    @Test func guessesThroughTheProxySlowTheGuesserNotTheOwnerBehindTheSameProxy() async throws {
        var proxied = try TestServer(rateLimits: Self.limits)
        #expect(proxied.configuration.trustProxies([Self.proxy]).isEmpty)
        let server = proxied
        let userId = try #require(try await server.user("hanako", password: "correct horse battery").user.id)
        try await server.live { port in
            let attacker = RawBrowser(port: port, from: Self.proxy)
            for index in 0..<5 {
                // A forged entry in front of the proxy's own does not make a new client.
                attacker.extraHeaders = ["X-Forwarded-For: 10.9.9.\(index), 203.0.113.66"]
                #expect(try await attacker.signIn("hanako", password: "wrong password!").status == 400)
            }
            attacker.extraHeaders = ["X-Forwarded-For: 10.9.9.99, 203.0.113.66"]
            #expect(try await attacker.signIn("hanako", password: "wrong password!").status == 429)

            let owner = RawBrowser(port: port, from: Self.proxy)
            owner.extraHeaders = ["X-Forwarded-For: 198.51.100.7"]
            let signedIn = try await owner.signIn("hanako", password: "correct horse battery")
            #expect(signedIn.status == 303, "the owner behind the same proxy is not slowed by the guesser")
            let session = try #require(try await server.database.activeSessions(userId: userId, now: Date()).first)
            #expect(session.address == "198.51.100.7", "Settings shows where the owner really is")
        }
    }

    @Test func aClientThatIsNoTrustedProxyCannotNameItselfSomeoneElse() async throws {
        var proxied = try TestServer(rateLimits: Self.limits)
        #expect(proxied.configuration.trustProxies([Self.proxy]).isEmpty)
        let server = proxied
        _ = try await server.user("hanako", password: "correct horse battery")
        try await server.live { port async throws in
            let stranger = RawBrowser(port: port, from: Self.stranger)
            for index in 0..<5 {
                stranger.extraHeaders = ["X-Forwarded-For: 198.51.100.\(index)"]
                #expect(try await stranger.signIn("hanako", password: "wrong password!").status == 400)
            }
            stranger.extraHeaders = ["X-Forwarded-For: 198.51.100.200"]
            #expect(try await stranger.signIn("hanako", password: "wrong password!").status == 429)
        }
    }

    @Test func theClientIsTheRightMostEntryThatIsNoTrustedProxy() {
        let trusted: Set<IPAddress> = [IPAddress("127.0.0.4")!, IPAddress("10.0.0.2")!]
        #expect(ForwardedClientMiddleware.client(forwardedFor: ["203.0.113.9, 10.0.0.2"], trusted: trusted) == "203.0.113.9")
        #expect(ForwardedClientMiddleware.client(forwardedFor: ["1.1.1.1", "203.0.113.9"], trusted: trusted) == "203.0.113.9")
        #expect(ForwardedClientMiddleware.client(forwardedFor: ["2001:DB8::1"], trusted: trusted) == "2001:db8::1")
        #expect(ForwardedClientMiddleware.client(forwardedFor: ["not-an-address"], trusted: trusted) == nil)
        #expect(ForwardedClientMiddleware.client(forwardedFor: [], trusted: trusted) == nil)
        var configuration = AppConfiguration(port: 0)
        #expect(configuration.trustProxies(["127.0.0.1", "proxy.local"]) == ["proxy.local"])
        #expect(configuration.trustedProxies.isEmpty, "a list with a wrong entry trusts nobody")
    }
}

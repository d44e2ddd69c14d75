import Foundation
@testable import Server
import Services
import Storage
import Testing

/// Sign-up attempts are limited per client address, as sign-in is: one address cannot create accounts without end
/// (nor try name after name to learn who has one), while a neighbour at another address signs up as always. Behind
/// a trusted proxy each client it names has its own count.
@Suite struct SignUpLimitTests {
    static let start = Date(timeIntervalSince1970: 1_900_000_000)
    static let proxy = "127.0.0.4"

    @Test func signUpsFromOneAddressAreRefusedWith429UntilTheWindowHasPassed() async throws {
        let clock = TestClock(Self.start)
        let server = try TestServer(signUpsPerHour: 3, clock: { clock.now })
        try await server.live { port in
            let script = RawBrowser(port: port, from: "127.0.0.6")
            // A refused attempt counts too: a taken or malformed name is an answer as well.
            #expect(try await script.signUp("no").status == 400)
            for index in 1...2 { #expect(try await script.signUp("spam\(index)").status == 303) }
            let refused = try await script.signUp("spam3")
            #expect(refused.status == 429)
            #expect(refused.header("retry-after") == "3600")
            #expect(refused.text.contains("Too many sign-ups from this address. Try again in 3600 s."))
            script.language = "ja"
            #expect(try await script.signUp("spam4").text.contains("この接続元からの新規登録が多すぎます"))

            let neighbour = RawBrowser(port: port, from: "127.0.0.7")
            #expect(try await neighbour.signUp("hanako").status == 303, "another address is not slowed")

            clock.set(Self.start.addingTimeInterval(3601))
            #expect(try await script.signUp("spam5").status == 303, "the injected clock decides when the hour is over")
        }
        #expect(try await server.database.user(username: "spam3") == nil)
        #expect(try await server.database.user(username: "spam5") != nil)
    }

    @Test func behindATrustedProxyEachForwardedClientHasItsOwnLimit() async throws {
        var proxied = try TestServer(signUpsPerHour: 1)
        #expect(proxied.configuration.trustProxies([Self.proxy]).isEmpty)
        let server = proxied
        try await server.live { port async throws in
            let first = RawBrowser(port: port, from: Self.proxy)
            first.extraHeaders = ["X-Forwarded-For: 198.51.100.1"]
            #expect(try await first.signUp("hanako").status == 303)
            // A forged entry in front of the proxy's own is no new client.
            first.extraHeaders = ["X-Forwarded-For: 10.0.0.9, 198.51.100.1"]
            #expect(try await first.signUp("hanako2").status == 429)

            let second = RawBrowser(port: port, from: Self.proxy)
            second.extraHeaders = ["X-Forwarded-For: 198.51.100.2"]
            #expect(try await second.signUp("taro").status == 303, "the proxy's other clients are not slowed")
        }
    }

    @Test func theOperatorsCommandsAreNotLimited() async throws {
        let accounts = AccountService(
            database: try AppDatabase.temporary(), hasher: PasswordHasher(cost: 4), signUpLimiter: SlidingWindowLimiter(limit: 1, window: 3600)
        )
        for name in ["hanako", "taro", "jiro"] {
            _ = try await accounts.signUp(username: name, password: "correct horse battery", now: Self.start)
        }
        #expect(try await accounts.database.allUsers().count == 3)
    }
}

import Foundation
import Server
import Services
import Storage
import Testing

/// Over real HTTP, from different loopback addresses: guessing slows the guesser, never the account's owner.
@Suite struct SignInLimitsTests {
    static let attacker = "127.0.0.2"
    static let owner = "127.0.0.3"
    /// The real rule with a first delay long enough that no test outruns it on a slow machine.
    static let limits = LoginRateLimiter.Limits(firstDelay: 60)

    @Test func wrongPasswordsFromOneAddressDoNotStopTheOwnerSigningInFromAnother() async throws {
        let server = try TestServer(rateLimits: Self.limits)
        _ = try await server.user("hanako", password: "correct horse battery")
        try await server.live { port in
            let attacker = RawBrowser(port: port, from: Self.attacker)
            for _ in 0..<5 {
                #expect(try await attacker.signIn("hanako", password: "wrong password!").status == 400)
            }
            let slowed = try await attacker.signIn("hanako", password: "wrong password!")
            #expect(slowed.status == 429)
            // The wait counts from the fifth failure; a loaded machine may spend seconds before the sixth is checked.
            let wait = try #require(slowed.header("retry-after").flatMap { Int($0) })
            #expect((30...60).contains(wait))
            #expect(slowed.text.contains("Try again in \(wait) s"))

            let owner = RawBrowser(port: port, from: Self.owner)
            let signedIn = try await owner.signIn("hanako", password: "correct horse battery")
            #expect(signedIn.status == 303)
            #expect(owner.cookies["kiroku_session"] != nil)

            // The gateway's Basic auth follows the same rule.
            let basic = { (password: String) in "Authorization: Basic " + Data("hanako:\(password)".utf8).base64EncodedString() + "\r\n" }
            let request = { (password: String) in
                "POST /api/v1/health-data HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n" + basic(password)
                    + "Content-Length: 2\r\nConnection: close\r\n\r\n{}"
            }
            let refused = try await RawConnection.exchange(port: port, from: Self.attacker, request("correct horse battery"))
            #expect(refused.status == 429)
            #expect(refused.header("retry-after") != nil)
            #expect(refused.errorCode == "rate_limited")
            let accepted = try await RawConnection.exchange(port: port, from: Self.owner, request("correct horse battery"))
            #expect(accepted.status != 429 && accepted.status != 401, "\(accepted.status) \(accepted.text)")
        }
    }

    @Test func twentyFailuresFromOneAddressLockNoOwnerOutElsewhere() async throws {
        let server = try TestServer(rateLimits: Self.limits)
        let names = ["hanako", "taro", "jiro"]
        for name in names { _ = try await server.user(name, password: "correct horse battery") }
        try await server.live { port in
            let attacker = RawBrowser(port: port, from: Self.attacker)
            for index in 0..<20 {
                let name = index < 12 ? names[index % names.count] : "nobody\(index)"
                let guess = try await attacker.signIn(name, password: "guess number \(index)")
                #expect(guess.status == 400)
            }
            let slowed = try await attacker.signIn("saburo", password: "guess number 21")
            #expect(slowed.status == 429, "the spraying address is slowed")
            for name in names {
                let owner = RawBrowser(port: port, from: Self.owner)
                let signedIn = try await owner.signIn(name, password: "correct horse battery")
                #expect(signedIn.status == 303, "\(name)")
            }
        }
    }

    @Test func passwordReChecksAreLimitedLikeSignIn() async throws {
        let server = try TestServer(rateLimits: Self.limits)
        let (_, token) = try await server.user("hanako", password: "correct horse battery")
        try await server.live { port in
            let deleteMe = { (password: String) in
                let body = "{\"password\":\"\(password)\"}"
                return "DELETE /api/v1/me HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(token)\r\nContent-Type: application/json\r\n"
                    + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n" + body
            }
            for _ in 0..<5 {
                #expect(try await RawConnection.exchange(port: port, from: Self.attacker, deleteMe("wrong password!")).status == 401)
            }
            let slowed = try await RawConnection.exchange(port: port, from: Self.attacker, deleteMe("correct horse battery"))
            #expect(slowed.status == 429)
            #expect(slowed.header("retry-after").flatMap { Int($0) }.map { (30...60).contains($0) } == true)
            #expect(try await server.database.user(username: "hanako") != nil, "nothing was deleted")

            // The web's password change shares the count: the same pair is still waiting.
            let browser = RawBrowser(port: port, from: Self.attacker)
            #expect(try await browser.signIn("hanako", password: "correct horse battery").status == 429)
            let owner = RawBrowser(port: port, from: Self.owner)
            #expect(try await owner.signIn("hanako", password: "correct horse battery").status == 303)
            for _ in 0..<5 {
                let wrong = try await owner.submit(page: "/settings", to: "/settings/password", form: ["currentPassword": "not it at all", "newPassword": "a brand new secret", "newPasswordConfirmation": "a brand new secret"])
                #expect(wrong.status == 400)
            }
            let limited = try await owner.submit(page: "/settings", to: "/settings/password", form: ["currentPassword": "correct horse battery", "newPassword": "a brand new secret", "newPasswordConfirmation": "a brand new secret"])
            #expect(limited.status == 429)
            #expect(limited.header("retry-after") != nil)
        }
    }
}

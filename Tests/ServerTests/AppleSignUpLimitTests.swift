import Foundation
@testable import Server
import Services
import Storage
import Testing

/// Sign in with Apple makes a user the first time it meets an Apple account, as a sign-up does, so it draws on the
/// same per-address count as the sign-up page (`--sign-up-limit`): one address cannot make accounts without end by
/// switching from the form to Apple. An Apple account already known signs in whatever the count says.
@Suite struct AppleSignUpLimitTests {
    static let household = "127.0.0.8"
    static let neighbour = "127.0.0.9"

    static func server(signUpsPerHour: Int) throws -> (TestServer, AppleIdentityTokenFactory) {
        let apple = try AppleIdentityTokenFactory()
        var server = try TestServer(signUpsPerHour: signUpsPerHour)
        server.configuration.appleSignIn = AppleSignInSettings(keySetPath: apple.jwksPath, audiences: [AppleSignInTests.bundleId])
        return (server, apple)
    }

    @Test func aNewAppleAccountCountsAsASignUpAndAKnownOneNever() async throws {
        let (server, apple) = try Self.server(signUpsPerHour: 2)
        let known = try apple.token(subject: "001111.known.0001", audience: AppleSignInTests.bundleId)
        let fresh = try apple.token(subject: "002222.fresh.0002", audience: AppleSignInTests.bundleId)
        try await server.live { port in
            #expect(try await RawBrowser(port: port, from: Self.household).signUp("hanako").status == 303)
            #expect(try await AppleSignInTests.rawSignIn(port, from: Self.household, known).status == 200, "the second new account")

            let refused = try await AppleSignInTests.rawSignIn(port, from: Self.household, fresh)
            #expect(refused.status == 429)
            #expect(refused.header("retry-after").flatMap(Int.init).map { (3500...3600).contains($0) } == true)
            let body = try #require(try JSONSerialization.jsonObject(with: refused.body) as? [String: String])
            #expect(body["code"] == "rate_limited")
            #expect(body["message"]?.contains("Too many sign-ups from this address") == true, "\(refused.text)")
            let japanese = try await AppleSignInTests.rawSignIn(port, from: Self.household, fresh, language: "ja")
            #expect(japanese.text.contains("この接続元からの新規登録が多すぎます"))

            for _ in 0..<3 {
                #expect(try await AppleSignInTests.rawSignIn(port, from: Self.household, known).status == 200, "signing in again is no sign-up")
            }
            #expect(try await RawBrowser(port: port, from: Self.household).signUp("taro").status == 429, "Apple used the form's count")
            #expect(try await AppleSignInTests.rawSignIn(port, from: Self.neighbour, fresh).status == 200, "another address has its own")
        }
        #expect(try await server.database.workoutAppleAccountCount() == 2)
        #expect(try await server.database.user(username: "taro") == nil)
    }

    /// Two phones of one Apple account signing in for the first time at once, or the app retrying: one user, one
    /// sign-up. Before, each sign-in that found no user yet was counted before the one transaction made it.
    @Test func simultaneousFirstSignInsOfOneAppleAccountCountOnce() async throws {
        let (server, apple) = try Self.server(signUpsPerHour: 1)
        let token = try apple.token(subject: "005555.twice.0005", audience: AppleSignInTests.bundleId)
        let body = "{\"identity_token\":\"\(token)\"}"
        let fresh = try apple.token(subject: "006666.fresh.0006", audience: AppleSignInTests.bundleId)
        let (answers, next) = try await server.live { port in
            let answers = try await RawConnection.simultaneously(4, port: port, from: Self.household, """
                POST /v1/auth/apple HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
                Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)
                """)
            return (answers, try await AppleSignInTests.rawSignIn(port, from: Self.household, fresh))
        }
        #expect(answers.map(\.status) == [200, 200, 200, 200], "\(answers.map(\.text))")
        #expect(next.status == 429, "the four sign-ins were one sign-up")
        #expect(try await server.database.workoutAppleAccountCount() == 1)
        #expect(try await server.database.allUsers().count == 1)
    }

    /// `--sign-up-limit 0`: the page says sign-up is closed instead of showing a form, a posted form and a new Apple
    /// account are refused with 403 in the reader's language, and people who already have an account sign in.
    @Test func withTheLimitAt0SignUpIsClosedEverywhereButKnownAccountsSignIn() async throws {
        let (opened, apple) = try Self.server(signUpsPerHour: 1)
        var server = opened
        let known = try apple.token(subject: "003333.known.0003", audience: AppleSignInTests.bundleId)
        let fresh = try apple.token(subject: "004444.fresh.0004", audience: AppleSignInTests.bundleId)
        try await server.live { port async throws in
            #expect(try await AppleSignInTests.rawSignIn(port, from: Self.household, known).status == 200)
        }
        _ = try await server.user("hanako")
        server.configuration.signUpsPerHour = 0
        try await server.live { port in
            let browser = RawBrowser(port: port, from: Self.neighbour)
            let page = try await browser.get("/signup")
            #expect(page.status == 403)
            #expect(page.text.contains("This server does not take new sign-ups. Ask its operator to make you an account."))
            #expect(!page.text.contains(#"action="/signup""#), "no form that could only be refused")
            browser.language = "ja"
            #expect(try await browser.get("/signup").text.contains("このサーバーでは新規登録を受け付けていません。"))
            let posted = try await browser.post("/signup", form: [
                "username": "taro", "password": "correct horse battery", "passwordConfirmation": "correct horse battery",
                "csrf": WebSession.csrfToken(in: try await browser.get("/signin").text) ?? "",
            ])
            #expect(posted.status == 403)

            let refused = try await AppleSignInTests.rawSignIn(port, from: Self.neighbour, fresh)
            #expect(refused.status == 403)
            #expect(refused.text.contains("sign_up_closed"))
            #expect(try await AppleSignInTests.rawSignIn(port, from: Self.neighbour, known).status == 200)
            #expect(try await browser.signIn("hanako", password: "correct horse battery").status == 303)
        }
        #expect(try await server.database.user(username: "taro") == nil)
        #expect(try await server.database.workoutAppleAccountCount() == 1)
    }
}

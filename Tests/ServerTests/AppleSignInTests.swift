import CryptoExtras
import Foundation
import GRDB
import Hummingbird
import HummingbirdTesting
@testable import Server
import Services
import Storage
import Testing

/// `POST /v1/auth/apple` over real HTTP: identity tokens signed by a key the test made, published in a JWKS file.
@Suite struct AppleSignInTests {
    static let bundleId = "com.example.bulktrack"

    static func server(apple: AppleIdentityTokenFactory?, rateLimits: LoginRateLimiter.Limits = .init()) throws -> TestServer {
        var server = try TestServer(rateLimits: rateLimits)
        server.configuration.appleSignIn = apple.map { AppleSignInSettings(keySetPath: $0.jwksPath, audiences: [bundleId, "com.example.bulktrack.web"]) }
        return server
    }

    static func signIn(_ client: any TestClientProtocol, _ token: String, field: String = "identity_token", language: String = "en") async throws -> TestResponse {
        try await client.execute(uri: "/v1/auth/apple", method: .post, headers: BulkTrackClient.headers(nil, language: language), body: jsonBody([field: token]))
    }

    @Test func aGoodTokenGetsTokensThatWorkAndTheSameAppleAccountIsTheSameUser() async throws {
        let apple = try AppleIdentityTokenFactory()
        let server = try Self.server(apple: apple)
        try await server.liveClient { client in
            let first = try await Self.signIn(client, try apple.token(subject: "001234.abcdef.0987", audience: Self.bundleId))
            #expect(first.status == .ok)
            let tokens = try first.json()
            #expect(Set(tokens.keys) == ["accessToken", "refreshToken", "expiresIn"])
            #expect(tokens["expiresIn"] as? Int == 3600)
            let phone = BulkTrackClient(client: client, accessToken: try #require(tokens["accessToken"] as? String))
            #expect(try await phone.call(.get, "/v1/exercises").status == .ok)
            _ = try await phone.logSet(Lifts.bench, 80, 5, at: WorkoutTime.now(minus: 60))

            // Later, on another phone, the camelCase spelling: the same Apple account sees the same sets.
            let again = try await Self.signIn(client, try apple.token(subject: "001234.abcdef.0987", audience: Self.bundleId), field: "identityToken")
            #expect(again.status == .ok)
            let samePerson = BulkTrackClient(client: client, accessToken: try #require(try again.json()["accessToken"] as? String))
            #expect(try await samePerson.call(.get, "/v1/sets").v1Array().count == 1)

            let stranger = try await Self.signIn(client, try apple.token(subject: "009999.other.0001", audience: "com.example.bulktrack.web"))
            let other = BulkTrackClient(client: client, accessToken: try #require(try stranger.json()["accessToken"] as? String))
            #expect(try await other.call(.get, "/v1/sets").v1Array().isEmpty, "another Apple account is another user")

            // The refresh token of an Apple sign-in rotates like a device's.
            let refreshed = try await client.execute(
                uri: "/v1/auth/refresh", method: .post, headers: BulkTrackClient.headers(nil), body: jsonBody(["refreshToken": try #require(tokens["refreshToken"] as? String)])
            )
            #expect(refreshed.status == .ok)
        }
        #expect(try await server.database.workoutAppleAccountCount() == 2)
        let stored = try await server.database.reader.read { db in try String.fetchAll(db, sql: "SELECT subjectHash FROM workoutAppleAccount") }
        #expect(!stored.contains("001234.abcdef.0987"), "the Apple user id is stored hashed")
    }

    @Test(arguments: [
        ("wrong audience", "issued for another app"),
        ("wrong issuer", "not issued by Apple"),
        ("expired", "expired"),
        ("issued in the future", "issued in the future"),
        ("bad signature", "the signature does not match"),
        ("unknown kid", "signed with a key this server does not know"),
        ("HS256", "not signed with RS256"),
        ("not a JWT", "not a JWT"),
    ])
    func aBadTokenIs401AndCreatesNothing(_ kind: String, _ reason: String) async throws {
        let apple = try AppleIdentityTokenFactory()
        let server = try Self.server(apple: apple)
        let now = Date()
        let subject = "000111.bad.2222"
        let token: String = switch kind {
        case "wrong audience": try apple.token(subject: subject, audience: "com.example.someone-else")
        case "wrong issuer": try apple.token(subject: subject, audience: Self.bundleId, claims: ["iss": "https://appleid.example.com"])
        case "expired": try apple.token(subject: subject, audience: Self.bundleId, issuedAt: now.addingTimeInterval(-7200), lifetime: 600)
        case "issued in the future": try apple.token(subject: subject, audience: Self.bundleId, issuedAt: now.addingTimeInterval(3600))
        case "bad signature": try apple.token(subject: subject, audience: Self.bundleId, signedBy: try _RSA.Signing.PrivateKey(keySize: .bits2048))
        case "unknown kid": try apple.token(subject: subject, audience: Self.bundleId, header: ["kid": "not-published"])
        case "HS256": try apple.token(subject: subject, audience: Self.bundleId, header: ["alg": "HS256"])
        default: "not-a-jwt"
        }
        try await server.liveClient { client in
            let response = try await Self.signIn(client, token)
            #expect(response.status == .unauthorized)
            #expect(response.contractError?.code == "invalid_identity_token")
            #expect(response.contractError?.message.contains(reason) == true, "\(response.text)")
            let japanese = try await Self.signIn(client, token, language: "ja")
            #expect(japanese.contractError?.message.contains("Apple の ID トークンが無効です") == true)
        }
        #expect(try await server.database.workoutAppleAccountCount() == 0)
        #expect(try await server.database.reader.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM workoutDeviceToken") } == 0)
    }

    /// Forged or replayed tokens count as wrong passwords do: from one address, the sixth failure for one Apple
    /// account is a 429 with Retry-After in the caller's language, before any signature is checked; the account's
    /// owner, from their own address, signs in as always.
    @Test func failedTokensFromOneAddressAreSlowedLikeWrongPasswords() async throws {
        let apple = try AppleIdentityTokenFactory()
        let server = try Self.server(apple: apple, rateLimits: SignInLimitsTests.limits)
        let subject = "001234.owner.0987"
        let forger = try _RSA.Signing.PrivateKey(keySize: .bits2048)
        let forged = try apple.token(subject: subject, audience: Self.bundleId, signedBy: forger)
        let genuine = try apple.token(subject: subject, audience: Self.bundleId)
        try await server.live { port in
            for _ in 0..<5 {
                #expect(try await Self.rawSignIn(port, from: SignInLimitsTests.attacker, forged).status == 401)
            }
            let slowed = try await Self.rawSignIn(port, from: SignInLimitsTests.attacker, forged)
            #expect(slowed.status == 429)
            let wait = try #require(slowed.header("retry-after").flatMap { Int($0) })
            #expect((30...60).contains(wait))
            let body = try #require(try JSONSerialization.jsonObject(with: slowed.body) as? [String: String])
            #expect(body["code"] == "rate_limited")
            #expect(body["message"]?.contains("Try again in \(wait) s") == true, "\(slowed.text)")
            let japanese = try await Self.rawSignIn(port, from: SignInLimitsTests.attacker, forged, language: "ja")
            #expect(japanese.status == 429 && japanese.text.contains("秒後にもう一度お試しください"))
            #expect(try await Self.rawSignIn(port, from: SignInLimitsTests.attacker, genuine).status == 429, "checked before the signature")

            #expect(try await Self.rawSignIn(port, from: SignInLimitsTests.owner, genuine).status == 200)
        }
        #expect(try await server.database.workoutAppleAccountCount() == 1)
    }

    /// One address trying many Apple accounts is slowed too once it has failed twenty times, whichever account it
    /// tries next; other addresses are not.
    @Test func anAddressSprayingTokensIsSlowedForEveryAccount() async throws {
        let apple = try AppleIdentityTokenFactory()
        let server = try Self.server(apple: apple, rateLimits: SignInLimitsTests.limits)
        try await server.live { port in
            for index in 0..<20 {
                let forged = try apple.token(subject: "000\(index).spray.0001", audience: "com.example.someone-else")
                #expect(try await Self.rawSignIn(port, from: SignInLimitsTests.attacker, forged).status == 401)
            }
            let next = try apple.token(subject: "000099.fresh.0001", audience: Self.bundleId)
            let slowed = try await Self.rawSignIn(port, from: SignInLimitsTests.attacker, next)
            #expect(slowed.status == 429 && slowed.header("retry-after") != nil)
            #expect(try await Self.rawSignIn(port, from: SignInLimitsTests.owner, next).status == 200)
        }
    }

    /// `POST /v1/auth/apple` from a loopback address of the test's choosing (the limits count per address).
    static func rawSignIn(_ port: Int, from address: String, _ token: String, language: String = "en") async throws -> RawConnection.Response {
        let body = "{\"identity_token\":\"\(token)\"}"
        return try await RawConnection.exchange(port: port, from: address, """
            POST /v1/auth/apple HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nAccept-Language: \(language)\r\n\
            Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)
            """)
    }

    @Test func aServerWithoutAppleKeysSays401NotConfigured() async throws {
        let apple = try AppleIdentityTokenFactory()
        let server = try Self.server(apple: nil)
        try await server.liveClient { client in
            let response = try await Self.signIn(client, try apple.token(subject: "000222.x.3333", audience: Self.bundleId))
            #expect(response.status == .unauthorized)
            #expect(response.contractError?.code == "apple_sign_in_not_configured")
            #expect(response.contractError?.message.contains("/v1/auth/device") == true, "sign-up is open: a new phone gets in that way")
            let japanese = try await Self.signIn(client, "x", language: "ja")
            #expect(japanese.contractError?.message.contains("設定されていません。端末認証（/v1/auth/device）をお使いください。") == true)
        }
        #expect(try await server.database.workoutAppleAccountCount() == 0)
    }

    /// With sign-up closed, device sign-in refuses a phone the server does not know (403 sign_up_closed), so the
    /// message names the way in that is left, registering the phone's id on the web, in both languages. Before, it said
    /// to use /v1/auth/device whatever the setting.
    @Test func withSignUpClosedNotConfiguredSaysToRegisterTheDeviceOnTheWebInsteadOfDeviceSignIn() async throws {
        let apple = try AppleIdentityTokenFactory()
        let server = try TestServer(signUpsPerHour: 0)
        try await server.liveClient { client in
            let response = try await Self.signIn(client, try apple.token(subject: "000333.x.4444", audience: Self.bundleId))
            #expect(response.status == .unauthorized)
            #expect(response.contractError?.code == "apple_sign_in_not_configured")
            let english = try #require(response.contractError?.message)
            #expect(english.contains("it does not take new accounts") && english.contains("enter this device's id on the web under Workout settings → BulkTrack devices (/workouts/settings)"), "\(english)")
            #expect(!english.contains("/v1/auth/device"))
            let japanese = try #require(try await Self.signIn(client, "x", language: "ja").contractError?.message)
            #expect(japanese.contains("新規登録も受け付けていません") && japanese.contains("（/workouts/settings）でこの端末IDを登録してください"), "\(japanese)")
            #expect(!japanese.contains("/v1/auth/device"))
        }
        #expect(try await server.database.allUsers().isEmpty)
    }

    @Test func aBodyWithoutATokenIs400() async throws {
        let server = try Self.server(apple: try AppleIdentityTokenFactory())
        try await server.liveClient { client in
            let response = try await client.execute(uri: "/v1/auth/apple", method: .post, headers: BulkTrackClient.headers(nil), body: jsonBody(["token": "x"]))
            #expect(response.status == .badRequest)
            #expect(response.contractError != nil)
        }
    }
}

import Foundation
import HTTPTypes
import HummingbirdTesting
@testable import Server
import Services
import Storage
import Testing

/// A BulkTrack device's first `POST /v1/auth/device` makes an account, so `--sign-up-limit` governs it as it governs
/// the sign-up page and Sign in with Apple: at 0 a stranger's phone can no longer make an account and store data on a
/// server whose owner closed sign-up. Devices that already have a user carry on whatever the setting.
@Suite struct DeviceSignUpLimitTests {
    static func newDevice(_ client: any TestClientProtocol, _ deviceId: String, language: String = "en") async throws -> TestResponse {
        try await client.execute(uri: "/v1/auth/device", method: .post, headers: [.init("X-Device-Id")!: deviceId, .acceptLanguage: language])
    }

    @Test func withSignUpClosedANewDeviceIsRefused403AndAKnownOneKeepsWorking() async throws {
        var server = try TestServer()
        let known = UUID().uuidString
        let tokens = try await server.test { client in
            let tokens = try await BulkTrackClient.authenticate(client, deviceId: known)
            let phone = BulkTrackClient(client: client, accessToken: try #require(tokens["accessToken"] as? String))
            _ = try await phone.logSet(Lifts.bench, 80, 5, at: WorkoutTime.now(minus: 60))
            return tokens.compactMapValues { $0 as? String }
        }
        let users = try await server.database.allUsers().count
        server.configuration.signUpsPerHour = 0
        try await server.test { client in
            let refused = try await Self.newDevice(client, UUID().uuidString)
            #expect(refused.status == .forbidden)
            #expect(refused.contractError?.code == "sign_up_closed")
            #expect(refused.contractError?.message.contains("This server does not take new devices.") == true, "\(refused.text)")
            #expect(try refused.json()["error"] == nil, "the contract's {code, message}, not Kiroku's nested error")
            let japanese = try await Self.newDevice(client, UUID().uuidString, language: "ja")
            #expect(japanese.contractError?.message.contains("このサーバーでは新しい端末を受け付けていません。") == true)

            // The known phone: its access token, its refresh token and a repeated device call all still work.
            let phone = BulkTrackClient(client: client, accessToken: try #require(tokens["accessToken"]))
            #expect(try await phone.call(.get, "/v1/sets").v1Array().count == 1)
            let refreshed = try await client.execute(
                uri: "/v1/auth/refresh", method: .post, headers: BulkTrackClient.headers(nil), body: jsonBody(["refreshToken": try #require(tokens["refreshToken"])])
            )
            #expect(refreshed.status == .ok)
            let again = try await BulkTrackClient.device(client, deviceId: known.lowercased())
            #expect(try await again.call(.get, "/v1/sets").v1Array().count == 1, "the same user as before")
        }
        #expect(try await server.database.allUsers().count == users, "no account was made")
    }

    @Test func aNewDeviceDrawsOnTheSignUpPagesCountAndPastItIs429WithRetryAfter() async throws {
        // In-process requests all come from one address ("unknown"), so the page and the phones share one count.
        let server = try TestServer(signUpsPerHour: 2)
        try await server.test { client in
            var browser = WebSession(client)
            #expect(try await browser.signUp("hanako").status == .seeOther)
            let first = UUID().uuidString
            #expect(try await Self.newDevice(client, first).status == .ok, "the second new account")

            let refused = try await Self.newDevice(client, UUID().uuidString)
            #expect(refused.status == .tooManyRequests)
            #expect(refused.headers[.retryAfter].flatMap(Int.init).map { (3500...3600).contains($0) } == true)
            #expect(refused.contractError?.code == "rate_limited")
            #expect(refused.contractError?.message.contains("Too many sign-ups from this address") == true, "\(refused.text)")
            #expect(try await Self.newDevice(client, UUID().uuidString, language: "ja").contractError?.message.contains("この接続元からの新規登録が多すぎます") == true)

            #expect(try await Self.newDevice(client, first).status == .ok, "a known device is no sign-up")
            var other = WebSession(client)
            #expect(try await other.signUp("taro").status == .tooManyRequests, "the phone used the page's count")
        }
        #expect(try await server.database.user(username: "taro") == nil)
    }

    /// The way in for a family member's phone while sign-up is closed: the operator makes the account
    /// (`kiroku user create`), and its owner enters the phone's id on the web before the app's first call.
    @Test func withSignUpClosedAPhoneWhoseIdWasEnteredOnTheWebGetsInAsThatAccount() async throws {
        let server = try TestServer(signUpsPerHour: 0)
        _ = try await server.user("yuki")
        try await server.test { client in
            let phoneId = UUID().uuidString
            #expect(try await Self.newDevice(client, phoneId).status == .forbidden)
            var browser = WebSession(client)
            _ = try await browser.submit(page: "/signin", to: "/signin", form: ["username": "yuki", "password": "correct horse battery"])
            let registered = try await browser.submit(page: "/workouts/settings", to: "/workouts/settings/devices", form: ["deviceId": phoneId])
            #expect(registered.status == .ok)
            #expect(registered.text.contains("端末IDを登録しました。") && registered.text.contains(phoneId.lowercased()), "\(registered.text)")

            let phone = try await BulkTrackClient.device(client, deviceId: phoneId)
            _ = try await phone.logSet(Lifts.bench, 70, 8, at: "2026-11-16T10:00:00+09:00")
            #expect(try await browser.get("/workouts/day/2026-11-16").text.contains("70 kg × 8"), "the phone logs as the account")
        }
        #expect(try await server.database.allUsers().count == 1, "no anonymous user was made")
    }
}

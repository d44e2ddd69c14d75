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

    /// `POST /v1/auth/device` as the phone sends it, for a connection of the test's own (`RawConnection`).
    static func rawPost(deviceId: String) -> String {
        "POST /v1/auth/device HTTP/1.1\r\nHost: x\r\nX-Device-Id: \(deviceId)\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
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

    /// The phone app retries a first call it got no answer to: six posts of one new device id at the same moment are
    /// one account and one sign-up, each answered 200 with tokens of that account. At a limit of 1 the household's
    /// next new device is then refused; at 2 it still gets in. Before, every post that read "new device" before the
    /// first had made it was counted: one 429 at a limit of 1, and the next device refused at 2.
    @Test(arguments: [1, 2]) func simultaneousFirstCallsOfOneDeviceMakeOneAccountAndCountOnce(limit: Int) async throws {
        let server = try TestServer(signUpsPerHour: limit)
        let household = "127.0.0.12"
        let (answers, next) = try await server.live { port in
            let answers = try await RawConnection.simultaneously(6, port: port, from: household, Self.rawPost(deviceId: UUID().uuidString))
            return (answers, try await RawConnection.exchange(port: port, from: household, Self.rawPost(deviceId: UUID().uuidString)))
        }
        #expect(answers.map(\.status) == Array(repeating: 200, count: 6), "\(answers.map(\.text))")
        var owners: Set<Int64?> = []
        for answer in answers {
            guard let token = (try? JSONSerialization.jsonObject(with: answer.body) as? [String: Any])?["accessToken"] as? String else { continue }
            owners.insert(try await server.database.workoutAccessUser(tokenHash: SecretToken.hash(token), now: Date())?.id)
        }
        #expect(owners.count == 1 && owners.first != nil, "every answer is the same user")
        #expect(next.status == (limit == 1 ? 429 : 200), "the six posts were one sign-up: \(next.text)")
        #expect(try await server.database.allUsers().count == (limit == 1 ? 1 : 2))
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

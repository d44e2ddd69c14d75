import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
@testable import Server
import Services
import Storage
import Testing

/// A BulkTrack device linked on `/workouts/settings` stayed linked for good: the list had no way to take a lost or
/// sold phone off the account, and its tokens kept logging into it. Each device now has "リンクを解除" / "Remove"
/// behind a disclosure that says what it does; removing signs the app out (its tokens stop working) and keeps
/// what it logged. It acts on the signed-in account's devices only, and an id it has no device for changes nothing.
@Suite struct WorkoutDeviceRemovalTests {
    static func remove(_ deviceId: String, _ browser: inout WebSession) async throws -> TestResponse {
        try await browser.submit(page: "/workouts/settings", to: "/workouts/settings/devices/remove", form: ["deviceId": deviceId])
    }

    static func link(_ deviceId: String, _ browser: inout WebSession) async throws -> TestResponse {
        try await browser.submit(page: "/workouts/settings", to: "/workouts/settings/devices", form: ["deviceId": deviceId])
    }

    static func refresh(_ client: any TestClientProtocol, _ token: String) async throws -> TestResponse {
        try await client.execute(uri: "/v1/auth/refresh", method: .post, headers: BulkTrackClient.headers(nil), body: jsonBody(["refreshToken": token]))
    }

    static func deviceIds(_ server: TestServer, _ username: String) async throws -> [String] {
        let user = try #require(try await server.database.user(username: username))
        return try await server.database.workoutDevices(userId: user.savedId).map(\.deviceId)
    }

    @Test func removingADeviceSignsItsAppOutAndKeepsWhatItLogged() async throws {
        let server = try TestServer()
        let deviceId = UUID().uuidString.lowercased()
        try await server.test { client in
            let tokens = try await BulkTrackClient.authenticate(client, deviceId: deviceId)
            let phone = BulkTrackClient(client: client, accessToken: try #require(tokens["accessToken"] as? String))
            _ = try await phone.logSet(Lifts.bench, 70, 8, at: "2026-11-16T10:00:00+09:00")
            var browser = WebSession(client)
            _ = try await browser.signUp("hanako")
            _ = try await Self.link(deviceId, &browser)

            let settings = try await browser.get("/workouts/settings").text
            #expect(settings.contains(#"<form method="post" action="/workouts/settings/devices/remove"><input type="hidden" name="csrf""#))
            #expect(settings.contains(#"<input type="hidden" name="deviceId" value="\#(deviceId)">"#))
            #expect(settings.contains("<summary>リンクを解除</summary>"))
            #expect(settings.contains("この端末のリンクを解除しますか？ その端末のアプリはログアウトされ、以後このアカウントには記録できません。"))
            _ = try await browser.get("/lang/en?next=/")
            let english = try await browser.get("/workouts/settings").text
            #expect(english.contains("<summary>Remove</summary>"))
            #expect(english.contains("Remove this device? The app on it is signed out and can no longer log to this account."))
            #expect(english.contains("If the app is opened again, it starts a new, empty account where this server takes sign-ups, and is refused where it does not."))

            let removed = try await Self.remove(deviceId, &browser)
            #expect(removed.status == .ok)
            #expect(removed.text.contains("Device removed: the app on it can no longer log to this account. Opened again, it becomes another, new account; to log here again, link its id again."), "\(removed.text)")
            #expect(!removed.text.contains(deviceId), "no longer listed")
            #expect(removed.text.contains("No devices linked."))

            // The phone's tokens no longer work; what it logged stays in the account.
            #expect(try await phone.call(.get, "/v1/sets").status == .unauthorized)
            #expect(try await Self.refresh(client, try #require(tokens["refreshToken"] as? String)).status == .unauthorized)
            #expect(try await browser.get("/workouts/day/2026-11-16").text.contains("70 kg × 8"))

            // As the page says: the app opened again on that phone becomes another, new account, which sees nothing
            // of this one's, and hanako's account keeps its set.
            let reopened = try await BulkTrackClient.device(client, deviceId: deviceId)
            let reopenedSets = try await reopened.call(.get, "/v1/sets")
            #expect(reopenedSets.status == .ok)
            #expect(!reopenedSets.text.contains("2026-11-16"), "\(reopenedSets.text)")
            #expect(try await Self.deviceIds(server, "hanako").isEmpty, "not linked to hanako again")

            // A second tap, or an old page sent again: nothing to remove, said so, nothing changes.
            _ = try await browser.get("/lang/ja?next=/")
            let again = try await Self.remove(deviceId, &browser)
            #expect(again.status == .ok)
            #expect(again.text.contains("その端末はこのアカウントにリンクされていません（すでに解除済みかもしれません）。何も変更していません。"))
            #expect(try await browser.get("/workouts/day/2026-11-16").text.contains("70 kg × 8"))
        }
        #expect(try await Self.deviceIds(server, "hanako").isEmpty)
    }

    @Test func anotherAccountsDeviceAndUnknownIdsAreLeftAsTheyAre() async throws {
        let server = try TestServer()
        let taroPhone = UUID().uuidString.lowercased()
        try await server.test { client in
            let phone = try await BulkTrackClient.device(client, deviceId: taroPhone)
            var taro = WebSession(client)
            _ = try await taro.signUp("taro")
            _ = try await Self.link(taroPhone, &taro)
            _ = try await phone.logSet(Lifts.bench, 60, 10, at: WorkoutTime.now(minus: 60))

            var hanako = WebSession(client)
            _ = try await hanako.signUp("hanako")
            let hanakoPhone = UUID().uuidString.lowercased()
            _ = try await Self.link(hanakoPhone, &hanako)
            _ = try await hanako.get("/lang/en?next=/")
            for id in [taroPhone, taroPhone.uppercased(), "", "no such device", UUID().uuidString] {
                let answer = try await Self.remove(id, &hanako)
                #expect(answer.status == .ok, "\(id)")
                #expect(answer.text.contains("That device is not linked to this account (it may have been removed already). Nothing changed."), "\(id)")
                #expect(answer.text.contains(hanakoPhone), "hanako's own device is still listed")
            }
            #expect(try await phone.call(.get, "/v1/sets").v1Array().count == 1, "taro's phone still logs as taro")
        }
        #expect(try await Self.deviceIds(server, "taro") == [taroPhone])
        #expect(try await Self.deviceIds(server, "hanako").count == 1)
    }

    /// A phone registered on the web before its first sign-in is removed the same way: its first call then makes a
    /// device of its own instead of joining the account.
    @Test func aRegisteredPhoneThatIsRemovedNoLongerJoinsTheAccount() async throws {
        let server = try TestServer()
        let phoneId = UUID().uuidString.lowercased()
        try await server.test { client in
            var browser = WebSession(client)
            _ = try await browser.signUp("hanako")
            _ = try await Self.link(phoneId, &browser)
            #expect(try await Self.remove(phoneId, &browser).text.contains("端末のリンクを解除しました。"))
            let phone = try await BulkTrackClient.device(client, deviceId: phoneId)
            _ = try await phone.logSet(Lifts.bench, 70, 8, at: "2026-11-16T10:00:00+09:00")
            #expect(try await browser.get("/workouts/day/2026-11-16").status == .notFound, "the set is not the account's")
        }
        #expect(try await Self.deviceIds(server, "hanako").isEmpty)
    }
}

import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// Over real HTTP: `PUT /api/v1/reminders` refuses a member it does not read, as every other PATCH/PUT body of
/// Kiroku's own API does. It used to answer 200 to `{"quietStrat": "23:00"}` and keep the old quiet hours, so the
/// sender believed the change was made.
@Suite struct ReminderSettingsUnknownFieldTests {
    @Test func anUnknownMemberIsRefusedByNameAndChangesNothing() async throws {
        let server = try TestServer()
        let (_, token) = try await server.user("haru")
        try await server.liveClient { client in
            let before = try await client.execute(uri: "/api/v1/reminders", method: .get, headers: .bearer(token)).json()
            try await BilingualRefusal.ask(client, "/api/v1/reminders", method: .put, token: token, body: ["quietStrat": "23:00", "enabled": false]).expect(
                code: "unknown_field",
                ja: ["「quietStrat」は受け付けない項目です", "enabled、preferredTime、quietStart、quietEnd、webhookURL、webhookFormat、newCalendarFeed"],
                en: ["Unknown field “quietStrat”", "enabled, preferredTime, quietStart, quietEnd, webhookURL, webhookFormat, newCalendarFeed"]
            )
            let after = try await client.execute(uri: "/api/v1/reminders", method: .get, headers: .bearer(token)).json()
            // The known member beside the typo was not applied either: the request is refused whole.
            #expect(after["enabled"] as? Bool == before["enabled"] as? Bool)
            #expect(after["quietStart"] as? String == before["quietStart"] as? String)

            // A partial body of known members is still accepted.
            let partial = try await client.execute(uri: "/api/v1/reminders", method: .put, headers: .bearer(token), body: jsonBody(["quietStart": "23:00"]))
            #expect(partial.status == .ok, "\(partial.text)")
            #expect(try partial.json()["quietStart"] as? String == "23:00")
        }
    }
}

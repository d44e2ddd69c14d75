import Foundation
import Hummingbird
import HummingbirdTesting
import Storage
import Testing

/// One clock for the whole application: pinned in the dependencies, it is the "now" of every request — what a record
/// without a start is dated, which day the dashboard calls today, and when a session expires.
@Suite struct ApplicationClockTests {
    @Test func everyRequestSeesTheInjectedClock() async throws {
        // 2031-03-05 12:00 in Tokyo: far enough from the real date that a stray Date() would show.
        let pinned = try Date("2031-03-05T03:00:00Z", strategy: .iso8601)
        let server = try TestServer(clock: { pinned })
        let (_, token) = try await server.user("hanako")
        try await server.test { client in
            let created = try await client.execute(
                uri: "/api/v1/records", method: .post, headers: .bearer(token), body: jsonBody(["metric": "stepCount", "value": 4321])
            )
            #expect(created.status == .created)
            #expect(try created.json()["start"] as? String == "2031-03-05T03:00:00.000Z")
            let summary = try await client.execute(uri: "/api/v1/summaries?metric=stepCount", method: .get, headers: .bearer(token)).json()
            #expect(summary["to"] as? String == "2031-03-05", "the summary ends on the pinned clock's day")

            var browser = WebSession(client)
            let signedUp = try await browser.signUp("taro")
            #expect(signedUp.status == .seeOther)
            let taro = try #require(try await server.database.user(username: "taro"))
            #expect(taro.createdAt == pinned)
        }
    }
}

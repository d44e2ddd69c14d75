import Foundation
import Hummingbird
import HummingbirdTesting
import Services
import Storage
import Testing

/// The records list said a night's sleep was "379 分" / "379 min", where every other page says hours.
@Suite struct RecordsListDurationTests {
    @Test func aNightIsListedInHoursAndMinutesAndAShortSessionInMinutes() async throws {
        let server = try TestServer()
        try await server.test { client in
            var browser = WebSession(client)
            _ = try await browser.signUp("natsu")
            let user = try #require(try await server.database.user(username: "natsu"))
            let (token, _) = try await server.accounts.createToken(for: user.id!, name: "t", now: Date())
            let records: [[String: Any]] = [
                ["metric": "sleepAnalysis", "value": 379, "unit": "min", "start": "2026-11-30T14:00:00Z", "end": "2026-11-30T20:19:00Z"],
                ["metric": "mindfulMinutes", "value": 12, "unit": "min", "start": "2026-11-30T22:00:00Z", "end": "2026-11-30T22:12:00Z"],
            ]
            let posted = try await client.execute(uri: "/api/v1/records", method: .post, headers: .bearer(token), body: jsonBody(["records": records]))
            #expect(posted.status.code < 300, "\(posted.text)")

            let japanese = try await browser.get("/records").text
            #expect(japanese.contains(#"<span class="value">6時間19分</span>"#))
            #expect(!japanese.contains("379"))
            #expect(japanese.contains(#"<span class="value">12 分</span>"#))
            _ = try await browser.get("/lang/en?next=/")
            let english = try await browser.get("/records").text
            #expect(english.contains(#"<span class="value">6 h 19 min</span>"#))
        }
    }
}

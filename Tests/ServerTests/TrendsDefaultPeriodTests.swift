import Foundation
import Hummingbird
import HummingbirdTesting
import Services
import Storage
import Testing

/// A metric's page opened without a period shows the 30 days up to today. It used to show the calendar month to date,
/// which on the 1st or 2nd of every month is a chart of one or two bars and figures with nothing to compare.
@Suite struct TrendsDefaultPeriodTests {
    /// 2 December 2026, 12:00 in Tokyo.
    static let now: @Sendable () -> Date = { ISO8601DateFormatter().date(from: "2026-12-02T03:00:00Z")! }

    /// Steps at noon in Tokyo on each of the 31 days from 2 November to 2 December.
    static func dailySteps() -> [[String: Any]] {
        (0..<31).map { index in
            let day = index < 29 ? String(format: "2026-11-%02d", index + 2) : String(format: "2026-12-%02d", index - 28)
            return ["metric": "steps", "value": 5000 + index * 100, "start": "\(day)T03:00:00Z"]
        }
    }

    @Test func onTheSecondOfTheMonthThePageShowsThirtyDaysNotTwo() async throws {
        let server = try TestServer(clock: Self.now)
        try await server.test { client in
            var browser = WebSession(client)
            _ = try await browser.signUp("fuyumi")
            let user = try #require(try await server.database.user(username: "fuyumi"))
            let (token, _) = try await server.accounts.createToken(for: user.id!, name: "t", now: Self.now())
            let posted = try await client.execute(uri: "/api/v1/records", method: .post, headers: .bearer(token), body: jsonBody(["records": Self.dailySteps()]))
            #expect(posted.status.code < 300, "\(posted.text)")

            let api = try await client.execute(uri: "/api/v1/trends/stepCount", method: .get, headers: .bearer(token)).json()
            #expect(api["period"] as? String == "30d")
            #expect(api["from"] as? String == "2026-11-03")
            #expect(api["to"] as? String == "2026-12-02")
            #expect((api["figures"] as? [String: Any])?["daysWithData"] as? Int == 30)
            #expect((api["points"] as? [Any])?.count == 30)

            let page = try await browser.get("/trends/stepCount")
            #expect(page.status == .ok)
            #expect(page.text.contains("2026-11-03 – 2026-12-02"))
            #expect(page.text.contains("30 / 30"))
            #expect(page.text.contains(#"<a href="/trends/stepCount?period=30d" aria-current="true">30日</a>"#))
            #expect(page.text.contains(#"href="/trends/stepCount?period=30d&amp;date=2026-11-02" rel="prev""#))
            #expect(!page.text.contains(#"rel="next""#), "nothing after today")

            // One step back is the 30 days before, and the step forward from there ends today, not later.
            let earlier = try await browser.get("/trends/stepCount?period=30d&date=2026-11-02")
            #expect(earlier.text.contains("2026-10-04 – 2026-11-02"))
            #expect(earlier.text.contains(#"href="/trends/stepCount?period=30d&amp;date=2026-12-02" rel="next""#))
            let later = try await client.execute(uri: "/api/v1/trends/stepCount?period=30d&date=2027-01-15", method: .get, headers: .bearer(token)).json()
            #expect(later["to"] as? String == "2026-12-02", "a day after today is clipped to today")

            // The calendar month is still one tap away, and still the month to date.
            let month = try await client.execute(uri: "/api/v1/trends/stepCount?period=month", method: .get, headers: .bearer(token)).json()
            #expect(month["from"] as? String == "2026-12-01")
            #expect(month["to"] as? String == "2026-12-02")
        }
    }
}

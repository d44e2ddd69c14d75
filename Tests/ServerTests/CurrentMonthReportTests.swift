import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// The monthly report of the month in progress and of a month to come. The report of the current month used to
/// count the days still ahead ("2 / 30" days with data where the metric page said "2 / 25") and a month that had
/// not begun answered 200 with a weight trend carried forward to its end, a figure no one had measured.
@Suite struct CurrentMonthReportTests {
    /// 25 November 2026, 12:00 in Tokyo.
    static let now: @Sendable () -> Date = { ISO8601DateFormatter().date(from: "2026-11-25T03:00:00Z")! }

    @Test func theCurrentMonthEndsTodayAsItsMetricPageDoes() async throws {
        let server = try TestServer(clock: Self.now)
        let (_, token) = try await server.user("satsuki")
        try await server.test { client in
            var records: [[String: Any]] = (1...25).map { ["metric": "steps", "value": 6000 + $0 * 10, "start": String(format: "2026-11-%02dT03:00:00Z", $0)] }
            records += (20...25).map { ["metric": "weight", "value": 70, "start": String(format: "2026-11-%02dT00:00:00Z", $0)] }
            let posted = try await client.execute(uri: "/api/v1/records", method: .post, headers: .bearer(token), body: jsonBody(["records": records]))
            #expect(posted.status.code < 300, "\(posted.text)")
            let report = try await client.execute(uri: "/api/v1/reports/monthly/2026-11", method: .get, headers: .bearer(token)).json()
            #expect(report["from"] as? String == "2026-11-01")
            #expect(report["to"] as? String == "2026-11-25")
            let steps = try #require((report["metrics"] as? [[String: Any]])?.first { $0["metric"] as? String == "stepCount" })
            let figures = try #require(steps["figures"] as? [String: Any])
            #expect(figures["dayCount"] as? Int == 25)
            #expect(figures["daysWithData"] as? Int == 25)
            let page = try await client.execute(uri: "/api/v1/trends/stepCount?period=month&date=2026-11-25", method: .get, headers: .bearer(token)).json()
            let fromReport = try JSONSerialization.data(withJSONObject: figures, options: .sortedKeys)
            let fromPage = try JSONSerialization.data(withJSONObject: page["figures"] ?? [:], options: .sortedKeys)
            #expect(fromReport == fromPage, "report and page agree to the last digit")
            // The weight section stops at today: a flat 70 kg is 70 kg, not a trend drawn on to the 30th.
            let weight = try #require(report["weight"] as? [String: Any])
            let trend = try #require(weight["trend"] as? [[String: Any]])
            #expect(trend.last?["day"] as? String == "2026-11-25")
        }
    }

    @Test func aMonthThatHasNotStartedHasNoReport() async throws {
        let server = try TestServer(clock: Self.now)
        let (_, token) = try await server.user("yayoi")
        try await server.test { client in
            _ = try await client.execute(uri: "/api/v1/records", method: .post, headers: .bearer(token), body: jsonBody(["metric": "weight", "value": 70]))
            try await BilingualRefusal.ask(client, "/api/v1/reports/monthly/2026-12", token: token).expect(
                .notFound, code: "month_not_started",
                ja: ["2026-12 はまだ始まっていない", "いまの月は 2026-11"],
                en: ["no report for 2026-12", "The current month is 2026-11"]
            )
            var browser = WebSession(client)
            _ = try await browser.signUp("kisaragi")
            let future = try await browser.get("/reports/2099-01")
            #expect(future.status == .notFound)
            #expect(future.text.contains("2099-01 はまだ始まっていない"))
            #expect(future.text.contains("href=\"/\""), "the error page leads back")
            #expect(!future.text.contains("id=\"monthly-report\""))
        }
    }
}

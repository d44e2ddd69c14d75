import Foundation
import Hummingbird
import HummingbirdTesting
import Services
import Storage
import Testing

/// A metric's year page drew its chart over the weeks with data only: steps walked in June looked like a year of
/// June. The chart now spans the requested year, its axis from January to 31 December, the other weeks as gaps.
@Suite struct YearChartSpanTests {
    /// The x-axis labels of each chart on `page`, in order.
    static func xLabels(_ page: String) -> [[String]] {
        page.components(separatedBy: "class=\"kc-axis kc-x-labels\"").dropFirst().map { group in
            (group.components(separatedBy: "</g>").first ?? "").components(separatedBy: "</text>").dropLast().compactMap { text in
                text.components(separatedBy: ">").last
            }
        }
    }

    @Test func aYearChartCoversTheWholeYear() async throws {
        let server = try TestServer()
        try await server.test { client in
            var browser = WebSession(client)
            _ = try await browser.signUp("fumika")
            let user = try #require(try await server.database.user(username: "fumika"))
            let (token, _) = try await server.accounts.createToken(for: user.id!, name: "t", now: Date())
            var records: [[String: Any]] = (1...30).map { ["metric": "steps", "value": 7000 + $0, "start": String(format: "2025-06-%02dT03:00:00Z", $0)] }
            records += (1...30).map { ["metric": "weight", "value": 60 - Double($0) * 0.05, "start": String(format: "2025-06-%02dT00:00:00Z", $0)] }
            let posted = try await client.execute(uri: "/api/v1/records", method: .post, headers: .bearer(token), body: jsonBody(["records": records]))
            #expect(posted.status.code < 300, "\(posted.text)")

            for metric in ["steps", "bodyMass"] {
                let charts = Self.xLabels(try await browser.get("/trends/\(metric)?period=year&date=2025-06-15").text)
                #expect(charts.count == (metric == "bodyMass" ? 2 : 1), "\(metric): the chart, and for weight its trend chart")
                for labels in charts {
                    #expect(labels.last == "12/31", "\(metric): the axis reaches the year's end: \(labels)")
                    #expect(labels.contains { ["1/", "2/", "3/"].contains(where: $0.hasPrefix) }, "\(metric): and starts in its first months: \(labels)")
                }
            }
        }
    }
}

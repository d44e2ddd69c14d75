import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// Over more than a year a level (resting heart rate, weight) is drawn as monthly means, a month apart; the line broke
/// wherever two points were more than a week apart, so two years measured every day were 24 lone dots. A line now
/// joins consecutive months and breaks only over a month without data.
@Suite struct LongLevelChartLineTests {
    @Test func monthlyMeansAreJoinedAndBrokenOnlyOverAnEmptyMonth() async throws {
        let server = try TestServer()
        try await server.test { client in
            var browser = WebSession(client)
            // Every day of 2024 and 2025 but March 2025, when the watch was away for repair.
            let records = WebSession.daily("restingHeartRate", from: "2024-01-01", days: 731) { 60 + Double($0 % 7) }
                .filter { !($0["start"] as! String).hasPrefix("2025-03") }
            try await browser.signUp("fumika", posting: records, on: server)
            let page = try await browser.get("/trends/restingHeartRate?from=2024-01-01&to=2025-12-31").text
            let chart = try #require(PageChart("line-chart", in: page))
            let lines = chart.elements("path", class: "kc-line").map { ($0["d"] ?? "").components(separatedBy: " L").count }
            #expect(lines == [14, 9], "January 2024 to February 2025, then April to December 2025: \(lines)")
            #expect(chart.svg.contains("<title>2025/4 "), "a point's tooltip names its month and year")
            #expect(chart.svg.contains("23 か月分"))
        }
    }
}

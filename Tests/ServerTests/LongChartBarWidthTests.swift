import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// A year of steps is drawn as weekly averages and a longer range as monthly ones, but each bar was drawn one day
/// wide: 53 bars of 1 px on a 308-px plot, a comb rather than a chart. Each bar now covers its week or month, less a
/// gap between neighbours.
@Suite struct LongChartBarWidthTests {
    /// The steps chart of `uri` after a day of steps every day for `days` days from `first`.
    static func stepsChart(from first: String, days: Int, at uri: String) async throws -> PageChart {
        let server = try TestServer()
        return try await server.test { client in
            var browser = WebSession(client)
            try await browser.signUp("fumika", posting: WebSession.daily("steps", from: first, days: days) { 7_000 + Double($0 % 50) }, on: server)
            return try #require(PageChart("bar-chart", in: try await browser.get(uri).text))
        }
    }

    @Test func aYearOfWeeklyBarsIsDrawnAWeekWide() async throws {
        let chart = try await Self.stepsChart(from: "2025-01-01", days: 365, at: "/trends/stepCount?period=year&date=2025-06-15")
        let bars = chart.rects("kc-bar")
        #expect(bars.count == 53, "2025 has 53 Monday-to-Sunday weeks, clipped to the year at either end")
        let week = chart.plotWidth * 7 / 365
        let whole = bars.dropFirst().dropLast()
        #expect(whole.allSatisfy { $0.width >= week * 0.6 && $0.width <= week }, "a week is \(week) px; bars are \(whole.map(\.width))")
        // 1 January 2025 is a Wednesday: its week has five days of the year, and its bar five days' width.
        let first = try #require(bars.first)
        #expect(first.width >= week * 5 / 7 * 0.6 && first.width < week * 0.75, "\(first.width)")
        #expect(zip(bars, bars.dropFirst()).allSatisfy { $0.x + $0.width < $1.x }, "neighbouring bars do not touch")
        let last = try #require(bars.last)
        #expect(last.x + last.width <= chart.plotX.upperBound + 0.01, "the last week ends with the year")
        #expect(chart.svg.contains("53 週分"), "the summary counts weeks, not days")
    }

    @Test func twoYearsOfMonthlyBarsAreDrawnAMonthWide() async throws {
        let chart = try await Self.stepsChart(from: "2024-01-01", days: 731, at: "/trends/stepCount?from=2024-01-01&to=2025-12-31")
        let bars = chart.rects("kc-bar")
        #expect(bars.count == 24)
        let month = chart.plotWidth * 30 / 731
        #expect(bars.allSatisfy { $0.width >= month * 0.6 && $0.width <= month * 31 / 30 }, "a month is about \(month) px; bars are \(bars.map(\.width))")
        #expect(zip(bars, bars.dropFirst()).allSatisfy { $0.x + $0.width < $1.x }, "neighbouring bars do not touch")
        let last = try #require(bars.last)
        #expect(last.x + last.width <= chart.plotX.upperBound + 0.01)
        #expect(chart.svg.contains("24 か月分"))
        #expect(chart.svg.contains("<title>2025/12 "), "a bar's tooltip names its month and year, not its first day")
    }
}

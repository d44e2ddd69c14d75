@testable import Charts
import Foundation
import Testing

/// A year chart spanned only the weeks that had data: a year of steps from May to June was drawn as six weeks, with
/// nothing to say the rest of the year was empty. Given the requested period, the axis covers all of it and the
/// weeks without data are gaps.
@Suite struct ChartSpanTests {
    private typealias F = ChartFixtures

    /// 2026 in Tokyo, from the first day's morning to the last's.
    static let year = F.morning(0)...F.morning(364)
    /// Six weekly bars from 21 May (day 140) to 25 June.
    static let weeks = (0..<6).map { ChartPoint(date: F.morning(140 + 7 * $0), value: 8_000) }

    @Test func aBarChartCoversTheWholeSpan() throws {
        let geometry = BarChart(bars: Self.weeks, title: "歩数", emptyMessage: "—", timeZone: F.tokyo, span: Self.year).geometry
        #expect(geometry.dayCount == 365)
        #expect(geometry.bars.map(\.dayIndex) == [140, 147, 154, 161, 168, 175])
        let first = try #require(geometry.bars.first)
        #expect(first.x > geometry.plot.x + geometry.plot.width / 3, "May sits well inside the year, not at its left edge")
        #expect(geometry.xTicks.last?.label == "12/31")
        let firstTick = try #require(geometry.xTicks.first)
        #expect(firstTick.label.hasPrefix("1/") || firstTick.label.hasPrefix("2/") || firstTick.label.hasPrefix("3/"), "\(geometry.xTicks)")

        let alone = BarChart(bars: Self.weeks, title: "歩数", emptyMessage: "—", timeZone: F.tokyo).geometry
        #expect(alone.dayCount == 36, "without a span the bars alone are drawn, as before")
    }

    @Test func aLineChartCoversTheWholeSpan() throws {
        let geometry = LineChart(points: Self.weeks, title: "体重", emptyMessage: "—", timeZone: F.tokyo, span: Self.year).geometry
        let first = try #require(geometry.points.first)
        let last = try #require(geometry.points.last)
        #expect(first.x > geometry.plot.x + geometry.plot.width / 3)
        #expect(last.x < geometry.plot.maxX - geometry.plot.width / 3)
        #expect(geometry.xTicks.last?.label == "12/31")
        #expect(LineChart(points: [], title: "体重", emptyMessage: "—", timeZone: F.tokyo, span: Self.year).geometry.isEmpty)
    }
}

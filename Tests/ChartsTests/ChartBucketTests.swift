@testable import Charts
import Foundation
import Testing

/// A week's or month's point is joined to the next week's or month's and to nothing further, whatever day of its
/// bucket it is dated on (a bucket cut short by the start of a range is dated on the range's first day).
@Suite struct ChartBucketTests {
    private typealias F = ChartFixtures

    /// Points per segment of a line of `points` (days after New Year 2026, a Thursday) as `bucket`s.
    private static func segments(_ days: [Int], _ bucket: ChartBucket) -> [Int] {
        LineChart(points: days.map { ChartPoint(date: F.morning($0), value: 60) }, title: "安静時心拍数", emptyMessage: "—",
                  timeZone: F.tokyo, bucket: bucket).geometry.segments.map(\.count)
    }

    @Test func weeksAreJoinedToTheNextWeekOnly() {
        // Thursday 1 January's short week, then Mondays 5, 12 and 26 January: the week of the 19th has no data.
        #expect(Self.segments([0, 4, 11, 25], .week) == [3, 1])
    }

    @Test func monthsAreJoinedToTheNextMonthOnly() {
        // 15 January (a range starting mid-month), 1 February, 1 March, then 1 May: April has no data.
        #expect(Self.segments([14, 31, 59, 120], .month) == [3, 1])
        #expect(Self.segments([14, 31, 59, 120], .day) == [1, 1, 1, 1], "as days, a month apart is a gap")
    }

    @Test func aWeeksTooltipNamesItsDays() throws {
        // Thursday 1 January's short week, then the week of Monday 5 January.
        let chart = BarChart(bars: [ChartPoint(date: F.morning(0), value: 7_024), ChartPoint(date: F.morning(4), value: 8_100)],
                             title: "歩数", emptyMessage: "—", unit: "歩", timeZone: F.tokyo, bucket: .week)
        let svg = chart.svg()
        #expect(svg.contains("<title>1/1–1/4 7,024 歩</title>"), "\(svg)")
        #expect(svg.contains("<title>1/5–1/11 8,100 歩</title>"))
        #expect(ChartBucket.month.tooltipLabel(F.morning(31), in: DayCalendar(timeZone: F.tokyo)) == "2026/2")
    }
}

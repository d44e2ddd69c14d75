import Foundation
import Testing
@testable import Charts

@Suite struct ActivityCalendarTests {
    let tokyo = TimeZone(identifier: "Asia/Tokyo")!

    func day(_ year: Int, _ month: Int, _ day: Int, hour: Int = 12) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = tokyo
        return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour))!
    }

    func calendar(_ counts: [ChartPoint] = [], lastDay: Date? = nil, language: ChartLanguage = .en) -> ActivityCalendar {
        ActivityCalendar(counts: counts, lastDay: lastDay ?? day(2026, 11, 22), timeZone: tokyo, title: "Steps done", unit: "steps", language: language)
    }

    @Test func aYearHasOneCellPerDayInWeekColumns() {
        let cells = calendar().days
        #expect(cells.count == 365)
        #expect(cells.first?.isoDate == "2025-11-23")
        #expect(cells.last?.isoDate == "2026-11-22")
        // 2026-11-22 is a Sunday: the bottom row.
        #expect(cells.last?.row == 6)
        // Every column holds at most seven days and rows never repeat inside a column.
        let columns = Dictionary(grouping: cells, by: \.column)
        #expect(columns.values.allSatisfy { Set($0.map(\.row)).count == $0.count })
        #expect(columns.count == 53)
    }

    @Test func aYearEndingAfterALeapDayHas366Cells() {
        #expect(calendar(lastDay: day(2028, 3, 1)).days.count == 366)
    }

    @Test func shadingBucketsAreFixed() {
        #expect([0, 1, 2, 3, 4, 6, 7, 50].map(ActivityCalendar.level(for:)) == [0, 1, 2, 2, 3, 3, 4, 4])
    }

    @Test func countsOnTheSameLocalDayAddUpAndShade() {
        let counts = [ChartPoint(date: day(2026, 11, 20, hour: 0), value: 2), ChartPoint(date: day(2026, 11, 20, hour: 23), value: 3)]
        let cells = calendar(counts).days
        let cell = cells.first { $0.isoDate == "2026-11-20" }
        #expect(cell?.count == 5)
        #expect(cell?.level == 3)
        #expect(cells.filter { $0.count > 0 }.count == 1)
    }

    @Test func theSVGDrawsEveryDayWithItsShadeAMonthLabelAndALegend() {
        let svg = calendar([ChartPoint(date: day(2026, 11, 20), value: 8)], language: .ja).svg()
        #expect(svg.components(separatedBy: "class=\"kc-day ").count - 1 == 365)
        #expect(svg.contains("data-date=\"2026-11-20\" data-count=\"8\""))
        #expect(svg.contains("kc-day kc-level-4"))
        #expect(svg.contains(">1月<"))
        #expect(svg.contains(">少ない<") && svg.contains(">多い<"))
        #expect(svg.contains("過去365日間のうち1日に合計8 steps。"))
        #expect(svg.components(separatedBy: "kc-legend-level").count - 1 == 5)
    }

    @Test func englishLabels() {
        let svg = calendar().svg()
        #expect(svg.contains(">Jan<") && svg.contains(">Mon<") && svg.contains(">Less<"))
    }
}

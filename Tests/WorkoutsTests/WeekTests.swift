import Foundation
import Health
import Testing
@testable import Workouts

@Suite struct WeekTests {
    let tokyo = TimeZone(identifier: "Asia/Tokyo")!
    let newYork = TimeZone(identifier: "America/New_York")!
    let utc = TimeZone(identifier: "UTC")!

    func instant(_ iso: String) -> Date {
        try! Date.ISO8601FormatStyle().parse(iso)
    }

    @Test func theSameInstantFallsInDifferentWeeksInDifferentZones() {
        // Monday 2026-11-23 00:30 in Tokyo is still Sunday 15:30 in UTC and Sunday 10:30 in New York.
        let mondayMorningInTokyo = instant("2026-11-22T15:30:00Z")
        #expect(ISOWeek(containing: mondayMorningInTokyo, in: tokyo).monday == LocalDay("2026-11-23")!)
        #expect(ISOWeek(containing: mondayMorningInTokyo, in: utc).monday == LocalDay("2026-11-16")!)
        #expect(ISOWeek(containing: mondayMorningInTokyo, in: newYork).monday == LocalDay("2026-11-16")!)
    }

    @Test func weeksStartAtMondayMidnightLocalTime() {
        // 23:59:59 Sunday and 00:00 Monday in Tokyo are in different weeks.
        let sundayNight = instant("2026-11-22T14:59:59Z")
        let mondayMidnight = instant("2026-11-22T15:00:00Z")
        #expect(LocalDay(sundayNight, in: tokyo).startOfWeek == LocalDay("2026-11-16")!)
        #expect(LocalDay(mondayMidnight, in: tokyo).startOfWeek == LocalDay("2026-11-23")!)
    }

    @Test func isoWeek53AndYearEnds() {
        // 2020 began on a Wednesday of a leap year: it has 53 weeks, and its last week runs into 2021.
        #expect(ISOWeek.weeks(inYear: 2020) == 53)
        #expect(ISOWeek(containing: LocalDay("2020-12-31")!) == ISOWeek(year: 2020, week: 53))
        #expect(ISOWeek(containing: LocalDay("2021-01-03")!) == ISOWeek(year: 2020, week: 53))
        #expect(ISOWeek(containing: LocalDay("2021-01-04")!) == ISOWeek(year: 2021, week: 1))
        // 2026 begins on a Thursday: 53 weeks, W53 is 2026-12-28 … 2027-01-03.
        #expect(ISOWeek.weeks(inYear: 2026) == 53)
        #expect(ISOWeek(year: 2026, week: 53).monday == LocalDay("2026-12-28")!)
        #expect(ISOWeek(containing: LocalDay("2027-01-03")!).description == "2026-W53")
        // 2025 has 52; its 29 December is already in 2026-W01.
        #expect(ISOWeek.weeks(inYear: 2025) == 52)
        #expect(ISOWeek(containing: LocalDay("2025-12-29")!) == ISOWeek(year: 2026, week: 1))
        // Round trip through Monday for every week of a few years.
        for year in 2019...2028 {
            for week in 1...ISOWeek.weeks(inYear: year) {
                #expect(ISOWeek(containing: ISOWeek(year: year, week: week).monday) == ISOWeek(year: year, week: week))
            }
        }
    }

    @Test func spansEndWithTheCurrentWeekAndAcrossTheYearEnd() {
        // Friday 2027-01-01 09:00 Tokyo: the current week began Monday 2026-12-28.
        let now = instant("2027-01-01T00:00:00Z")
        let weeks = WeekSpan.w4.weekStarts(now: now, timeZone: tokyo)
        #expect(weeks.map(\.description) == ["2026-12-07", "2026-12-14", "2026-12-21", "2026-12-28"])
        #expect(WeekSpan.w52.weekStarts(now: now, timeZone: tokyo).count == 52)
        #expect(WeekSpan.w52.weekStarts(now: now, timeZone: tokyo).first == LocalDay("2026-01-05")!)
        #expect(WeekSpan(rawValue: "52w") == .w52)
        #expect(WeekSpan(rawValue: "3w") == nil)
    }
}

import Health
import Insights
import Testing

@Suite struct DayPeriodTests {
    @Test func aCalendarMonthComparesWithThePreviousMonthAndTheSameMonthAYearEarlier() {
        let march = DayPeriod.month(year: 2024, month: 3)
        #expect(march.dayCount == 31)
        #expect(march.previous == DayPeriod.month(year: 2024, month: 2))
        #expect(march.previous.dayCount == 29, "2024 is a leap year")
        #expect(march.yearEarlier == DayPeriod.month(year: 2023, month: 3))
        #expect(DayPeriod.month(year: 2024, month: 1).previous == DayPeriod.month(year: 2023, month: 12))
    }

    @Test func aCustomRangeComparesWithTheEquallyLongRunJustBefore() {
        let range = DayPeriod(first: LocalDay(year: 2024, month: 3, day: 10), last: LocalDay(year: 2024, month: 3, day: 19))
        #expect(range.previous == DayPeriod(
            first: LocalDay(year: 2024, month: 2, day: 29), last: LocalDay(year: 2024, month: 3, day: 9)
        ))
    }

    @Test func theTwentyNinthOfFebruaryMapsToTheTwentyEighthAYearEarlier() {
        let range = DayPeriod(first: LocalDay(year: 2024, month: 2, day: 20), last: LocalDay(year: 2024, month: 2, day: 29))
        #expect(range.yearEarlier.last == LocalDay(year: 2023, month: 2, day: 28))
    }

    @Test func weeksStartOnMondayAndYearsCompareWithTheYearBefore() {
        let week = DayPeriod.week(containing: LocalDay(year: 2024, month: 10, day: 27))
        #expect(week.first == LocalDay(year: 2024, month: 10, day: 21))
        #expect(week.last == LocalDay(year: 2024, month: 10, day: 27))
        #expect(week.yearEarlier.first == LocalDay(year: 2023, month: 10, day: 23), "52 weeks back is a Monday again")
        #expect(DayPeriod.year(2024).dayCount == 366)
        #expect(DayPeriod.year(2024).previous == DayPeriod.year(2023))
    }

    @Test func clippingCutsOffDaysThatHaveNotHappenedYet() {
        let march = DayPeriod.month(year: 2024, month: 3)
        #expect(march.clipped(through: LocalDay(year: 2024, month: 3, day: 10))?.dayCount == 10)
        #expect(march.clipped(through: LocalDay(year: 2024, month: 2, day: 10)) == nil)
    }
}

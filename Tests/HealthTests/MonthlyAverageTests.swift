import Health
import Testing

@Suite struct MonthlyAverageTests {
    @Test func eachMonthIsTheMeanOfItsDaysWithData() {
        let days = [
            TrendPoint(day: LocalDay(year: 2023, month: 12, day: 31), value: 9_000),
            TrendPoint(day: LocalDay(year: 2024, month: 1, day: 1), value: 4_000),
            TrendPoint(day: LocalDay(year: 2024, month: 1, day: 20), value: 8_000),
            TrendPoint(day: LocalDay(year: 2024, month: 3, day: 5), value: 6_000),
        ]
        let months = MonthlyAverage.of(days.reversed())
        #expect(months == [
            TrendPoint(day: LocalDay(year: 2023, month: 12, day: 1), value: 9_000),
            TrendPoint(day: LocalDay(year: 2024, month: 1, day: 1), value: 6_000),
            TrendPoint(day: LocalDay(year: 2024, month: 3, day: 1), value: 6_000),
        ], "February has no data and no bar; January's two days average, not sum over 31")
    }

    @Test func noDaysNoMonths() {
        #expect(MonthlyAverage.of([]).isEmpty)
    }
}

import Foundation
import Health
import Insights
import Testing

private func day(_ month: Int, _ day: Int, year: Int = 2024) -> LocalDay {
    LocalDay(year: year, month: month, day: day)
}

@Suite struct MetricPeriodStatisticsTests {
    @Test func stepsInAWeekHaveATotalCoverageAndChanges() {
        // Week of Mon 2024-03-11: 5 of 7 days. Previous week: 4 days. Same week 2023: 2 days.
        let points = [
            (day(3, 11), 8_000.0), (day(3, 12), 6_000), (day(3, 14), 10_000), (day(3, 16), 4_000), (day(3, 17), 12_000),
            (day(3, 4), 5_000), (day(3, 5), 7_000), (day(3, 6), 6_000), (day(3, 10), 2_000),
            (day(3, 11, year: 2023), 3_000), (day(3, 12, year: 2023), 5_000),
        ].map { TrendPoint(day: $0.0, value: $0.1) }
        let series = DailySeries(metricID: "stepCount", aggregation: .cumulative, points: points)
        let statistics = MetricPeriodStatistics(series: series, period: .week(containing: day(3, 13)))
        let figures = statistics.figures
        #expect(figures.total == 40_000)
        #expect(figures.statistics.mean == 8_000)
        #expect(figures.statistics.median == 8_000)
        #expect(figures.statistics.minimum == 4_000)
        #expect(figures.statistics.maximum == 12_000)
        #expect(figures.daysWithData == 5)
        #expect(isClose(figures.coveragePercent, 500.0 / 7))
        // Previous week mean (5000+7000+6000+2000)/4 = 5000 → +3000, +60 %.
        #expect(statistics.changeFromPrevious?.referenceValue == 5_000)
        #expect(statistics.changeFromPrevious?.difference == 3_000)
        #expect(statistics.changeFromPrevious?.percent == 60)
        // 52 weeks earlier, Monday to Monday: 2023-03-13 … 2023-03-19 holds no data (the 11th and 12th fall before it).
        #expect(statistics.changeFromYearEarlier == nil)
    }

    @Test func aDiscreteMetricHasNoTotal() {
        let points = [TrendPoint(day: day(3, 1), value: 60), TrendPoint(day: day(3, 2), value: 64)]
        let series = DailySeries(metricID: "restingHeartRate", aggregation: .discrete, points: points)
        let figures = PeriodFigures(series: series, period: .month(year: 2024, month: 3))
        #expect(figures.total == nil)
        #expect(figures.statistics.mean == 62)
        #expect(figures.daysWithData == 2)
    }

    @Test func aComparisonNeedsAQuarterOfThePeriodsDays() {
        // March has 31 days: 8 needed on each side.
        let march = (1...8).map { TrendPoint(day: day(3, $0), value: 10) }
        let february = (1...7).map { TrendPoint(day: day(2, $0), value: 5) }
        let series = DailySeries(metricID: "exerciseTime", aggregation: .cumulative, points: march + february)
        let statistics = MetricPeriodStatistics(series: series, period: .month(year: 2024, month: 3))
        #expect(statistics.changeFromPrevious == nil, "February has 7 days of data, 8 are needed")
        let more = DailySeries(
            metricID: "exerciseTime", aggregation: .cumulative,
            points: march + february + [TrendPoint(day: day(2, 20), value: 5)]
        )
        #expect(MetricPeriodStatistics(series: more, period: .month(year: 2024, month: 3)).changeFromPrevious?.difference == 5)
    }

    @Test func samplesAreGivenTheirDayInTheZoneAcrossTheAutumnDaylightSavingChange() throws {
        // Berlin leaves summer time on Sunday 2024-10-27: that day has 25 hours.
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        let steps = try #require(MetricCatalog.metric(named: "stepCount"))
        func at(_ iso: String, _ value: Double) throws -> TimedValue {
            let date = try #require(ISO8601DateFormatter().date(from: iso))
            return TimedValue(value: value, start: date, end: date)
        }
        let samples = [
            try at("2024-10-26T21:59:00Z", 100), // 23:59 CEST on the 26th
            try at("2024-10-26T22:30:00Z", 1_000), // 00:30 CEST on the 27th
            try at("2024-10-27T22:30:00Z", 2_000), // 23:30 CET on the 27th, hour 25 of the day
            try at("2024-10-27T23:10:00Z", 4_000), // 00:10 CET on the 28th
        ]
        let series = DailySeries(metric: steps, samples: samples, timeZone: berlin)
        #expect(series.value(on: day(10, 26)) == 100)
        #expect(series.value(on: day(10, 27)) == 3_000)
        #expect(series.value(on: day(10, 28)) == 4_000)
        let week = PeriodFigures(series: series, period: .week(containing: day(10, 27)))
        #expect(week.total == 3_100, "Mon 21 – Sun 27 holds the 26th and the 27th")
        #expect(week.daysWithData == 2)
    }

    @Test func samplesNearMidnightOnTheSpringChangeInNewYork() throws {
        // New York skips 02:00–03:00 on Sunday 2024-03-10.
        let newYork = try #require(TimeZone(identifier: "America/New_York"))
        let energy = try #require(MetricCatalog.metric(named: "activeEnergyBurned"))
        func at(_ iso: String, _ value: Double) throws -> TimedValue {
            let date = try #require(ISO8601DateFormatter().date(from: iso))
            return TimedValue(value: value, start: date, end: date)
        }
        let samples = [
            try at("2024-03-10T04:50:00Z", 10), // 23:50 EST on the 9th
            try at("2024-03-10T07:30:00Z", 20), // 03:30 EDT on the 10th
            try at("2024-03-11T03:50:00Z", 40), // 23:50 EDT on the 10th
            try at("2024-03-11T04:10:00Z", 80), // 00:10 EDT on the 11th
        ]
        let series = DailySeries(metric: energy, samples: samples, timeZone: newYork)
        #expect(series.points.map(\.value) == [10, 60, 80])
    }

    @Test func groupingMakesMondayWeeksMonthsAndYearsWithThePagesFigures() {
        let points = [
            TrendPoint(day: day(12, 31, year: 2023), value: 1), // Sunday
            TrendPoint(day: day(1, 1), value: 2), // Monday
            TrendPoint(day: day(1, 7), value: 3), // Sunday
            TrendPoint(day: day(1, 8), value: 4), // Monday
            TrendPoint(day: day(3, 1), value: 5),
        ]
        let series = DailySeries(metricID: "stepCount", aggregation: .cumulative, points: points)
        let weeks = series.grouped(by: .week)
        #expect(weeks.map(\.period.first) == [day(12, 25, year: 2023), day(1, 1), day(1, 8), day(2, 26)])
        #expect(weeks.map(\.total) == [1, 5, 4, 5])
        let months = series.grouped(by: .month)
        #expect(months.map(\.total) == [1, 9, 5])
        #expect(months[1] == PeriodFigures(series: series, period: .month(year: 2024, month: 1)))
        #expect(series.grouped(by: .year).map(\.total) == [1, 14])
        let clipped = series.grouped(by: .month, within: DayPeriod(first: day(1, 5), last: day(3, 31)))
        #expect(clipped.map(\.total) == [7, 5])
        #expect(clipped.first?.period.dayCount == 27)
    }
}

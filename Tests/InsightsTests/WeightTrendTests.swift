import Foundation
import Health
import Insights
import Testing

@Suite struct WeightTrendTests {
    static let start = LocalDay(year: 2024, month: 5, day: 1)

    @Test func matchesAHandComputedTrendWeightSeriesWithInterpolatedGaps() throws {
        // Readings on days 1, 2, 4, 5 and 9; the gaps are filled by straight lines before smoothing.
        let readings: [(Int, Double)] = [(0, 80.0), (1, 79.0), (3, 80.0), (4, 78.5), (8, 79.3)]
        let daily = readings.map { TrendPoint(day: Self.start.adding(days: $0.0), value: $0.1) }
        let trend = WeightTrend.smooth(daily)
        // T1 = 80; T2 = 80 + 0.1·(79 − 80); day 3 uses 79.5; days 6–8 use 78.7, 78.9, 79.1.
        let expected = [80.0, 79.9, 79.86, 79.874, 79.7366, 79.63294, 79.559646, 79.5136814, 79.49231326]
        #expect(trend.count == 9)
        for (point, value) in zip(trend, expected) {
            #expect(abs(point.trend - value) < 0.005, "\(point.day): \(point.trend) vs \(value)")
        }
        #expect(trend.map(\.isInterpolated) == [false, false, true, false, false, true, true, true, false])
        #expect(abs(trend[6].weight - 78.9) < 1e-9)
    }

    @Test func theFirstReadingOfEachLocalDayCounts() throws {
        let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
        func at(_ iso: String, _ value: Double) throws -> TimedValue {
            let date = try #require(ISO8601DateFormatter().date(from: iso))
            return TimedValue(value: value, start: date, end: date)
        }
        let samples = [
            try at("2024-05-01T23:00:00Z", 70.9), // 08:00 on 2 May in Tokyo, after the one below
            try at("2024-05-01T21:30:00Z", 70.4), // 06:30 on 2 May: the first of that day
            try at("2024-05-01T14:30:00Z", 71.0), // 23:30 on 1 May
        ]
        let daily = WeightTrend.firstReadings(samples, timeZone: tokyo)
        #expect(daily == [
            TrendPoint(day: LocalDay(year: 2024, month: 5, day: 1), value: 71.0),
            TrendPoint(day: LocalDay(year: 2024, month: 5, day: 2), value: 70.4),
        ])
    }

    @Test func changesNeedEnoughReadingsAndARecentOne() {
        // 28 days, weighed every day for the last 10 only: 7- (4 needed) shown, 14- (9 needed) shown,
        // 28-day (19 needed) hidden.
        let daily = (18..<28).map { TrendPoint(day: Self.start.adding(days: $0), value: 80 - 0.1 * Double($0)) }
            + [TrendPoint(day: Self.start, value: 80)]
        let today = Self.start.adding(days: 27)
        let analysis = WeightAnalysis(daily: daily, today: today)
        #expect(analysis.changes.map(\.days) == [7, 14])
        let trend = Dictionary(uniqueKeysWithValues: analysis.trend.map { ($0.day, $0.trend) })
        let seven = analysis.changes[0]
        #expect(isClose(seven.kilograms, trend[today]! - trend[today.adding(days: -7)]!))
        #expect(seven.readings == 7)
        // Three days after the last reading, nothing is shown.
        #expect(WeightAnalysis(daily: daily, today: today.adding(days: 3)).changes.isEmpty)
        #expect(WeightAnalysis(daily: daily, today: today.adding(days: 2)).changes.count == 2)
    }

    @Test func nextDayTrendChangeSkipsDaysLeadingIntoAGap() {
        let daily = [(0, 80.0), (1, 79.0), (3, 80.0)].map { TrendPoint(day: Self.start.adding(days: $0.0), value: $0.1) }
        let changes = WeightAnalysis(daily: daily, today: Self.start.adding(days: 3)).nextDayTrendChange
        #expect(changes.map(\.day) == [Self.start, Self.start.adding(days: 2)])
        #expect(abs(changes[0].value - -0.1) < 1e-9)
    }
}

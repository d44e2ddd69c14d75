import Foundation
import Health
import Testing

@Suite struct DailyAggregatorTests {
    private let tokyo = TimeZone(identifier: "Asia/Tokyo")!
    private let utc = TimeZone(identifier: "UTC")!

    private func sample(_ value: Double, at iso: String, minutes: Double = 0) -> TimedValue {
        let start = try! Date(iso, strategy: .iso8601)
        return TimedValue(value: value, start: start, end: start.addingTimeInterval(minutes * 60))
    }

    private func metric(_ id: String) throws -> Metric {
        try #require(MetricCatalog.metric(named: id))
    }

    /// 15:30Z on 1 January is already 00:30 on 2 January in Tokyo.
    private var stepsAroundTokyoMidnight: [TimedValue] {
        [
            sample(1_000, at: "2026-01-01T03:00:00Z", minutes: 60),
            sample(2_000, at: "2026-01-01T14:00:00Z", minutes: 60),
            sample(500, at: "2026-01-01T15:30:00Z", minutes: 10),
            sample(700, at: "2026-01-02T01:00:00Z", minutes: 10),
        ]
    }

    @Test func stepsSplitAtTokyoMidnight() throws {
        let days = DailyAggregator.summaries(metric: try metric("stepCount"), values: stepsAroundTokyoMidnight, timeZone: tokyo)
        #expect(days.map(\.day.description) == ["2026-01-01", "2026-01-02"])
        #expect(days.map(\.sum) == [3_000, 1_200])
        #expect(days.map(\.value) == [3_000, 1_200])
        #expect(days.map(\.count) == [2, 2])
        #expect(days.allSatisfy { $0.metricID == "stepCount" && $0.aggregation == .cumulative })
    }

    @Test func theSameStepsSplitAtUTCMidnightInUTC() throws {
        let days = DailyAggregator.summaries(metric: try metric("stepCount"), values: stepsAroundTokyoMidnight, timeZone: utc)
        #expect(days.map(\.day.description) == ["2026-01-01", "2026-01-02"])
        #expect(days.map(\.sum) == [3_500, 700])
        #expect(days.first?.latest == 500)
    }

    @Test func discreteMetricsReportMeanMinMaxAndLatest() throws {
        // Given out of order: "latest" must follow the start time, not the input order.
        let weights = [
            sample(70.4, at: "2026-01-01T23:00:00Z"),  // 08:00 on 2 January in Tokyo
            sample(71.0, at: "2026-01-01T12:00:00Z"),  // 21:00 on 1 January
            sample(70.0, at: "2026-01-01T22:00:00Z"),  // 07:00 on 2 January
            sample(70.9, at: "2026-01-01T00:00:00Z"),  // 09:00 on 1 January
        ]
        let days = DailyAggregator.summaries(metric: try metric("bodyMass"), values: weights, timeZone: tokyo)
        #expect(days.count == 2)
        let second = try #require(days.last)
        #expect(second.day == LocalDay(year: 2026, month: 1, day: 2))
        #expect(abs(second.mean - 70.2) < 1e-9)
        #expect(second.value == second.mean)
        #expect(second.min == 70.0 && second.max == 70.4)
        #expect(second.latest == 70.4)
        #expect(abs(second.sum - 140.4) < 1e-9)
        let first = try #require(days.first)
        #expect(first.latest == 71.0)
        #expect(abs(first.value - 70.95) < 1e-9)
    }

    /// A night counts for the morning it ends: sleep from 18:00 is the next day's, a nap before 18:00 its own day's.
    @Test func sleepDurationsAddUpOnTheDayTheNightEnds() throws {
        let sleep = [
            sample(300, at: "2026-01-01T14:00:00Z", minutes: 300),  // 23:00 Tokyo, runs past midnight
            sample(120, at: "2026-01-01T19:30:00Z", minutes: 120),  // 04:30 on 2 January
            sample(30, at: "2026-01-02T06:00:00Z", minutes: 30),  // a nap at 15:00 on 2 January
            sample(400, at: "2026-01-02T09:00:00Z", minutes: 400),  // 18:00 on 2 January: the next night
        ]
        let days = DailyAggregator.summaries(metric: try metric("sleepAnalysis"), values: sleep, timeZone: tokyo)
        #expect(days.map(\.day.description) == ["2026-01-02", "2026-01-03"])
        #expect(days.map(\.value) == [450, 400])
        #expect(days.allSatisfy { $0.aggregation == .duration })
    }

    @Test func corruptValuesDoNotPoisonADay() throws {
        let values = [sample(80, at: "2026-01-01T03:00:00Z"), sample(.nan, at: "2026-01-01T04:00:00Z")]
        let days = DailyAggregator.summaries(metric: try metric("heartRate"), values: values, timeZone: tokyo)
        #expect(days.count == 1)
        #expect(days.first?.value == 80 && days.first?.count == 1)
        #expect(DailyAggregator.summaries(metric: try metric("heartRate"), values: [], timeZone: tokyo).isEmpty)
    }

    @Test func summariesKnowTheirHeadlineRuleWithoutBeingTold() {
        let day = LocalDay(year: 2026, month: 1, day: 1)
        let steps = DailySummary(metricID: "stepCount", day: day, count: 2, sum: 10, mean: 5, min: 4, max: 6, latest: 6)
        let pulse = DailySummary(metricID: "heartRate", day: day, count: 2, sum: 10, mean: 5, min: 4, max: 6, latest: 6)
        let unknown = DailySummary(metricID: "dietaryVitaminC", day: day, count: 2, sum: 10, mean: 5, min: 4, max: 6, latest: 6)
        #expect(steps.value == 10)
        #expect(pulse.value == 5)
        #expect(unknown.value == 5)
    }

    @Test func summariesRoundTripThroughJSON() throws {
        let days = DailyAggregator.summaries(metric: try metric("stepCount"), values: stepsAroundTokyoMidnight, timeZone: tokyo)
        let decoded = try JSONDecoder().decode([DailySummary].self, from: JSONEncoder().encode(days))
        #expect(decoded == days)
    }
}

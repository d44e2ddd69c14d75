import Foundation
import Health
import Insights
import Storage
import Workouts

/// What the insights page shows: the findings that pass the bar, every test run, flagged values and advice.
public struct InsightsOverview: Sendable {
    public let today: LocalDay
    /// The look-back the correlations use: the last `InsightFinder.defaultWindowDays` days.
    public let window: DayPeriod
    public let result: InsightFinder.Result
    /// Flagged values in the window, newest first.
    public let anomalies: [Anomaly]
    public let advice: [Advice]
    public let weight: WeightAnalysis?
    /// The series that went in, by id (raw weight excluded: it enters as the trend change).
    public let seriesIDs: [String]
}

extension InsightsService {
    /// The catalog metrics insights look at; mood and energy are manual 1–5 scores.
    public static let insightMetricIDs = [
        "sleepAnalysis", "stepCount", "activeEnergyBurned", "restingHeartRate", "exerciseTime", "mood", "energy",
    ]

    /// Days before the window the detrending and the anomaly history need.
    static let lookBackMarginDays = AnomalyDetector.windowDays + 7

    /// Every daily series insights use over `days`: the catalog metrics above, sets of training per day and
    /// step tasks done per day (zeros on days without, once the person uses that system at all in the span).
    public func insightSeries(userId: Int64, days: DayPeriod, timeZone: TimeZone) async throws -> [DailySeries] {
        var series: [DailySeries] = []
        for id in Self.insightMetricIDs {
            guard let metric = MetricCatalog.metric(named: id) else { continue }
            let one = try await self.series(userId: userId, metric: metric, days: days, timeZone: timeZone)
            if !one.points.isEmpty { series.append(one) }
        }
        let sets = try await database.workoutSetGroups(userId: userId, from: days.first, through: days.last)
        if !sets.isEmpty {
            var perDay: [LocalDay: Double] = [:]
            for group in sets { perDay[group.day, default: 0] += Double(group.setCount) }
            series.append(Self.withZeros(InsightMetric.workoutVolume, perDay, days: days))
        }
        let completions = try await database.stepCompletions(userId: userId, since: days.first.start(in: timeZone))
        let inSpan = completions.map { LocalDay($0, in: timeZone) }.filter { days.contains($0) }
        if !inSpan.isEmpty {
            var perDay: [LocalDay: Double] = [:]
            for day in inSpan { perDay[day, default: 0] += 1 }
            series.append(Self.withZeros(InsightMetric.stepTasksDone, perDay, days: days))
        }
        return series
    }

    static func withZeros(_ id: String, _ perDay: [LocalDay: Double], days: DayPeriod) -> DailySeries {
        let first = perDay.keys.min() ?? days.first
        let points = DayPeriod(first: first, last: days.last).days.map { TrendPoint(day: $0, value: perDay[$0] ?? 0) }
        return DailySeries(metricID: id, aggregation: .cumulative, points: points)
    }

    /// The insights page as known on `today`.
    public func insights(userId: Int64, today: LocalDay, timeZone: TimeZone, target: Double?) async throws -> InsightsOverview {
        let window = DayPeriod(first: today.adding(days: -(InsightFinder.defaultWindowDays - 1)), last: today)
        let loaded = DayPeriod(first: window.first.adding(days: -Self.lookBackMarginDays), last: today)
        var series = try await insightSeries(userId: userId, days: loaded, timeZone: timeZone)
        let readings = try await weightReadings(userId: userId, shownFrom: loaded.first, through: today, timeZone: timeZone)
        let weight = readings.isEmpty ? nil : WeightAnalysis(daily: readings, today: today, target: target)
        let goal = Self.weightGoal(target: target, weight: weight)
        let ids = series.map(\.metricID)
        if let weight { series.append(DailySeries.weightTrendChange(weight)) }
        let result = InsightFinder.find(series: series, window: window, weightGoal: goal)

        let checked = series.filter { $0.metricID != InsightMetric.weightTrendChange && MetricCatalog.metric(named: $0.metricID) != nil }
        var anomalies = checked.flatMap { AnomalyDetector.robust($0) }
        if let weight { anomalies += AnomalyDetector.offTrend(weight.trend) }
        anomalies = try await unconfirmed(anomalies.filter { window.contains($0.day) }, userId: userId)
            .sorted { ($0.day, $0.metricID) > ($1.day, $1.metricID) }
        let advice = AdviceRules.advise(AdviceContext(
            today: today, weight: weight, weightGoal: goal,
            steps: series.first { $0.metricID == "stepCount" }, sleep: series.first { $0.metricID == "sleepAnalysis" },
            anomalies: anomalies
        ))
        return InsightsOverview(
            today: today, window: window, result: result, anomalies: anomalies, advice: advice, weight: weight,
            seriesIDs: ids + (weight == nil ? [] : [InsightMetric.weightTrendChange])
        )
    }
}

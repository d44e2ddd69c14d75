import Foundation
import Health
import Insights
import Storage

/// Trends, insights and monthly reports over a person's stored records, in their own time zone.
///
/// Every page, API answer and CLI command builds its daily series here, from the records through Health's
/// `DailyAggregator`, and hands them to the `Insights` statistics: a figure on a metric page, in the API and
/// in the monthly report comes from one function on one series.
public struct InsightsService: Sendable {
    public let database: AppDatabase

    public init(database: AppDatabase) {
        self.database = database
    }

    /// The catalog metric for a page's or request's name, or the 404 refusal.
    public static func metric(named name: String) throws(InsightsError) -> Metric {
        guard let metric = MetricCatalog.metric(named: name) else { throw InsightsError.unknownMetric(name) }
        return metric
    }

    /// The daily summaries of `metric` for `days` (inclusive), owner's records only, on the metric's days (a night's
    /// sleep on the morning it ends). Grouped by day inside SQLite (`dailyAggregates`), the same figures
    /// `DailyAggregator` gives from raw values.
    public func summaries(userId: Int64, metric: Metric, days: DayPeriod, timeZone: TimeZone) async throws -> [DailySummary] {
        let instants = metric.dayBoundary.instants(from: days.first, through: days.last, in: timeZone)
        let aggregates = try await database.dailyAggregates(
            userId: userId, metric: metric.id, from: instants.lowerBound, to: instants.upperBound, timeZone: timeZone
        )
        return aggregates.filter { days.contains($0.day) && $0.sum.isFinite }.map { day in
            DailySummary(
                metricID: metric.id, day: day.day, count: day.count, sum: day.sum, mean: day.sum / Double(day.count),
                min: day.min, max: day.max, latest: day.latest, aggregation: metric.aggregation
            )
        }
    }

    /// The daily series of `metric` over `days`: each day's headline value (sum or mean, by the metric's rule).
    public func series(userId: Int64, metric: Metric, days: DayPeriod, timeZone: TimeZone) async throws -> DailySeries {
        DailySeries(metricID: metric.id, summaries: try await summaries(userId: userId, metric: metric, days: days, timeZone: timeZone))
    }

    /// The first weighing of each day up to and including `through`, read from `WeightTrend.settlingDays`
    /// before `shownFrom` (the first day whose trend the caller uses), plus the last weighing before that, so a
    /// gap across the boundary is interpolated as the whole history would interpolate it.
    public func weightReadings(userId: Int64, shownFrom: LocalDay, through: LocalDay, timeZone: TimeZone) async throws -> [TrendPoint] {
        let from = min(shownFrom, through).adding(days: -WeightTrend.settlingDays).start(in: timeZone)
        var values = try await database.timedValues(userId: userId, metric: "bodyMass", from: from, to: through.adding(days: 1).start(in: timeZone))
        if let before = try await database.lastTimedValue(userId: userId, metric: "bodyMass", before: from) {
            values.insert(before, at: 0)
        }
        return WeightTrend.firstReadings(values, timeZone: timeZone)
    }

    /// Everything a metric page shows for the requested period, as known on `today`.
    public func trend(
        userId: Int64, metric: Metric, request: TrendPeriodRequest, today: LocalDay, timeZone: TimeZone, target: Double? = nil
    ) async throws -> MetricTrend {
        let period = request.period
        // The figures compare with the previous period and a year earlier; the moving average looks six days
        // back; the anomaly check needs its 28-day history.
        // Only those spans are read, not every day between them: a month page of minute-level heart rate
        // reads about three months of rows, not thirteen.
        let lookBack = max(MovingAverage.minimumDays - 1, AnomalyDetector.windowDays)
        var loaded: [DailySummary] = []
        for span in Self.merged([
            DayPeriod(first: period.first.adding(days: -lookBack), last: period.last), period.previous, period.yearEarlier,
        ]) {
            loaded += try await summaries(userId: userId, metric: metric, days: span, timeZone: timeZone)
        }
        loaded.sort { $0.day < $1.day }
        let series = DailySeries(metricID: metric.id, summaries: loaded)
        let inPeriod = loaded.filter { period.contains($0.day) }
        let movingAverage = MovingAverage.trailing(
            loaded.filter { $0.day >= period.first.adding(days: -(MovingAverage.minimumDays - 1)) && $0.day <= period.last }
                .map { TrendPoint(day: $0.day, value: $0.value) }
        ).filter { period.contains($0.day) }
        // The moving average appears only once the period itself has seven days of data.
        let shownAverage = inPeriod.count >= MovingAverage.minimumDays ? movingAverage : []

        var weight: WeightAnalysis?
        var anomalies = AnomalyDetector.robust(series)
        if metric.id == "bodyMass" {
            let asOf = min(period.last, today)
            // The chart and the flags cover the period; the changes and the rate look back from today.
            let shownFrom = min(period.first, asOf.adding(days: -WeightChange.longestLookBackDays))
            let readings = try await weightReadings(userId: userId, shownFrom: shownFrom, through: asOf, timeZone: timeZone)
            if !readings.isEmpty {
                let analysis = WeightAnalysis(daily: readings, today: asOf, target: target)
                weight = analysis
                anomalies = AnomalyDetector.offTrend(analysis.trend)
            }
        }
        let discrete = metric.aggregation == .discrete
        var trend = MetricTrend(
            metric: metric, request: request, today: today, days: inPeriod, movingAverage: shownAverage,
            statistics: MetricPeriodStatistics(series: series, period: period),
            lowestReading: discrete ? inPeriod.map(\.min).min() : nil,
            highestReading: discrete ? inPeriod.map(\.max).max() : nil,
            anomalies: try await unconfirmed(anomalies.filter { period.contains($0.day) }, userId: userId),
            weight: weight, target: target
        )
        if metric.id == NightStages.metric.id {
            trend.sleepStages = try await sleepStages(userId: userId, period: period, timeZone: timeZone)
        }
        return trend
    }

    /// The period's nights by stage. A night belongs to the day it ends, as in the daily totals (see `NightStages`),
    /// so the records read are those of the period's sleep days: from 18:00 the evening before its first day.
    public func sleepStages(userId: Int64, period: DayPeriod, timeZone: TimeZone) async throws -> [NightStages] {
        let sleep = NightStages.metric
        let instants = sleep.dayBoundary.instants(from: period.first, through: period.last, in: timeZone)
        let records = try await database.records(
            userId: userId, metric: sleep.id, from: instants.lowerBound, to: instants.upperBound
        )
        let segments = records.map { SleepSegment(start: $0.startAt, minutes: $0.value, originalValue: $0.originalValue, metadata: $0.metadata ?? [:]) }
        return NightStages.nights(segments, timeZone: timeZone).filter { period.contains($0.night) }
    }

    /// The same days as `spans`, with overlapping or touching spans joined, in day order.
    static func merged(_ spans: [DayPeriod]) -> [DayPeriod] {
        var result: [DayPeriod] = []
        for span in spans.sorted(by: { $0.first < $1.first }) {
            if let last = result.last, span.first <= last.last.adding(days: 1) {
                result[result.count - 1] = DayPeriod(first: last.first, last: max(last.last, span.last))
            } else {
                result.append(span)
            }
        }
        return result
    }

    /// Whether a falling weight is good news for this person: read from the target against the current level.
    public static func weightGoal(target: Double?, weight: WeightAnalysis?) -> WeightGoal? {
        guard let target, let current = weight?.rate?.currentLevel ?? weight?.trend.last?.trend else { return nil }
        if abs(current - target) < 0.5 { return .maintain }
        return target < current ? .lose : .gain
    }
}

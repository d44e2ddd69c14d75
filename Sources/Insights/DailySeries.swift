import Foundation
import Health

/// One metric's number per local day: the input every statistic, chart grouping, correlation and anomaly
/// check here reads, so that they all agree on what "Tuesday's value" was.
public struct DailySeries: Sendable, Equatable {
    public let metricID: String
    /// Decides whether a period's total means anything (steps: yes; heart rate: no).
    public let aggregation: AggregationKind
    /// One point per day with data, in day order.
    public let points: [TrendPoint]
    private let index: [LocalDay: Double]

    /// Several points for one day are averaged into one; non-finite values are dropped, so one corrupt
    /// sample cannot turn a period into NaN.
    public init(metricID: String, aggregation: AggregationKind, points: [TrendPoint]) {
        var sums: [LocalDay: (sum: Double, count: Int)] = [:]
        for point in points where point.value.isFinite {
            sums[point.day, default: (0, 0)].sum += point.value
            sums[point.day, default: (0, 0)].count += 1
        }
        var index: [LocalDay: Double] = [:]
        for (day, total) in sums {
            index[day] = total.sum / Double(total.count)
        }
        self.metricID = metricID
        self.aggregation = aggregation
        self.index = index
        self.points = index.sorted { $0.key < $1.key }.map { TrendPoint(day: $0.key, value: $0.value) }
    }

    /// From the stored daily rollups: each day's headline `value` (sum or mean, by the metric's rule).
    public init(metricID: String, summaries: [DailySummary]) {
        let aggregation = summaries.first?.aggregation
            ?? MetricCatalog.metric(named: metricID)?.aggregation ?? .discrete
        self.init(
            metricID: metricID,
            aggregation: aggregation,
            points: summaries.filter { $0.metricID == metricID }.map { TrendPoint(day: $0.day, value: $0.value) }
        )
    }

    /// From raw samples: days are assigned by Health's `DailyAggregator` in the person's zone, the same rule
    /// the rest of Kiroku uses, daylight-saving days included.
    public init(metric: Metric, samples: [TimedValue], timeZone: TimeZone) {
        self.init(
            metricID: metric.id,
            summaries: DailyAggregator.summaries(metric: metric, values: samples, timeZone: timeZone)
        )
    }

    public func value(on day: LocalDay) -> Double? {
        index[day]
    }

    /// The points that fall inside `period`, in day order.
    public func points(in period: DayPeriod) -> [TrendPoint] {
        guard let start = firstIndex(onOrAfter: period.first) else { return [] }
        var result: [TrendPoint] = []
        for point in points[start...] {
            guard point.day <= period.last else { break }
            result.append(point)
        }
        return result
    }

    /// The same series with only the days up to and including `day`: what was known on that day.
    public func through(_ day: LocalDay) -> DailySeries {
        DailySeries(metricID: metricID, aggregation: aggregation, points: points.filter { $0.day <= day })
    }

    // Binary search: years of daily points are searched once per period and per chart bucket.
    private func firstIndex(onOrAfter day: LocalDay) -> Int? {
        var low = 0
        var high = points.count
        while low < high {
            let middle = (low + high) / 2
            if points[middle].day < day { low = middle + 1 } else { high = middle }
        }
        return low < points.count ? low : nil
    }
}

extension DailySeries {
    /// The weight series correlations use: the next-day change in trend, never the raw weight.
    public static func weightTrendChange(_ analysis: WeightAnalysis) -> DailySeries {
        DailySeries(metricID: InsightMetric.weightTrendChange, aggregation: .discrete, points: analysis.nextDayTrendChange)
    }
}

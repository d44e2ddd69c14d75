import Foundation

/// Turns samples into one summary per local day.
public enum DailyAggregator {
    /// Summaries sorted by day. A value belongs to the day its start counts for in `timeZone` by the metric's
    /// `dayBoundary` (the local calendar day, or for sleep the day one wakes up); one that spans the boundary is not
    /// split, matching how the Health app attributes samples. Non-finite values are skipped so that one corrupt
    /// sample cannot turn a whole day into NaN.
    public static func summaries(metric: Metric, values: [TimedValue], timeZone: TimeZone) -> [DailySummary] {
        var days: [LocalDay: Accumulator] = [:]
        for value in values where value.value.isFinite {
            days[metric.dayBoundary.day(of: value.start, in: timeZone), default: Accumulator()].add(value)
        }
        return days.sorted { $0.key < $1.key }.map { day, accumulator in
            DailySummary(
                metricID: metric.id,
                day: day,
                count: accumulator.count,
                sum: accumulator.sum,
                mean: accumulator.sum / Double(accumulator.count),
                min: accumulator.min,
                max: accumulator.max,
                latest: accumulator.latest,
                aggregation: metric.aggregation
            )
        }
    }

    private struct Accumulator {
        var count = 0
        var sum = 0.0
        var min = Double.infinity
        var max = -Double.infinity
        var latest = 0.0
        var latestStart = Date.distantPast

        // Ties on start go to the later sample in input order: the one a client sent last is its correction.
        mutating func add(_ value: TimedValue) {
            count += 1
            sum += value.value
            min = Swift.min(min, value.value)
            max = Swift.max(max, value.value)
            if count == 1 || value.start >= latestStart {
                latest = value.value
                latestStart = value.start
            }
        }
    }
}

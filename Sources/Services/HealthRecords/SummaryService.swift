import Foundation
import Health
import Storage

/// Daily summaries and the 7-day moving average for one metric, in the user's time zone.
public struct SummaryService: Sendable {
    public let database: AppDatabase

    public init(database: AppDatabase) {
        self.database = database
    }

    public struct Trend: Sendable {
        public let metric: Metric
        public let days: [DailySummary]
        /// Empty until at least `MovingAverage.minimumDays` days have data.
        public let movingAverage: [TrendPoint]
    }

    /// Summaries for local days `from`...`to` (inclusive), each day's records those its `dayBoundary` gives it (for
    /// sleep, from 18:00 the evening before). The moving average also looks at the six days before `from`, so its
    /// first point inside the range is not starved of history.
    public func trend(userId: Int64, metric: Metric, from: LocalDay, to: LocalDay, timeZone: TimeZone) async throws -> Trend {
        let lookBackStart = from.adding(days: -(MovingAverage.minimumDays - 1))
        let instants = metric.dayBoundary.instants(from: lookBackStart, through: to, in: timeZone)
        let values = try await database.timedValues(
            userId: userId, metric: metric.id, from: instants.lowerBound, to: instants.upperBound
        )
        let all = DailyAggregator.summaries(metric: metric, values: values, timeZone: timeZone)
        let average = MovingAverage.trailing(all.map { TrendPoint(day: $0.day, value: $0.value) })
        return Trend(
            metric: metric,
            days: all.filter { $0.day >= from },
            movingAverage: average.filter { $0.day >= from }
        )
    }
}

import Foundation

/// Everything a day's samples of one metric say, in the metric's canonical unit. Charts, goals and insights
/// read `value`; detail views also show count, min, max and the latest reading.
public struct DailySummary: Sendable, Equatable, Codable {
    public let metricID: String
    public let day: LocalDay
    public let count: Int
    public let sum: Double
    public let mean: Double
    public let min: Double
    public let max: Double
    /// The value whose sample started last that day: "today's weight" is the latest weighing, not the mean.
    public let latest: Double
    /// Carried so `value` needs no catalog lookup, and so types the catalog does not know still summarise.
    public let aggregation: AggregationKind

    /// `aggregation` defaults to the catalog's rule for `metricID`, and to `.discrete` for types the catalog
    /// does not know, since a mean of unknown readings misleads less than a sum.
    public init(
        metricID: String,
        day: LocalDay,
        count: Int,
        sum: Double,
        mean: Double,
        min: Double,
        max: Double,
        latest: Double,
        aggregation: AggregationKind? = nil
    ) {
        self.metricID = metricID
        self.day = day
        self.count = count
        self.sum = sum
        self.mean = mean
        self.min = min
        self.max = max
        self.latest = latest
        self.aggregation = aggregation ?? MetricCatalog.metric(named: metricID)?.aggregation ?? .discrete
    }

    /// The headline number: the total for cumulative and duration metrics, the mean for discrete ones.
    public var value: Double {
        switch aggregation {
        case .cumulative, .duration: sum
        case .discrete: mean
        }
    }
}

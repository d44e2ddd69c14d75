import Foundation
import Health
import Insights

/// What a metric's trends page shows for one period: the days, the moving average, the period's figures
/// with their comparisons, the flagged values, and for weight the trend and forecast.
public struct MetricTrend: Sendable {
    public let metric: Metric
    public let request: TrendPeriodRequest
    /// The day the page was computed on, in the owner's zone.
    public let today: LocalDay
    /// The period's days with data, in order (count, min, max and latest per day).
    public let days: [DailySummary]
    /// The trailing 7-day average inside the period; empty until 7 days have data.
    public let movingAverage: [TrendPoint]
    public let statistics: MetricPeriodStatistics
    /// For discrete metrics, the lowest and highest single reading of the period (the daily figures are means).
    public let lowestReading: Double?
    public let highestReading: Double?
    /// Values in the period far from the person's own normal.
    public let anomalies: [Anomaly]
    /// Only for weight: the smoothed trend, rate, forecast and recent changes as known on the period's last day.
    public let weight: WeightAnalysis?
    /// The target the forecast aims at (the profile's, or one given with the request).
    public let target: Double?
    /// Only for sleep: each night of the period by stage (deep, core, REM, no stated stage).
    public var sleepStages: [NightStages] = []

    public var period: DayPeriod { request.period }

    /// One point per day in the period: what the chart and the API's `points` carry.
    public var points: [TrendPoint] {
        days.map { TrendPoint(day: $0.day, value: $0.value) }
    }

    /// The weight trend points inside the period.
    public var weightTrendInPeriod: [WeightTrendPoint] {
        weight?.trend.filter { period.contains($0.day) } ?? []
    }
}

import Foundation
import Health

/// A metric's figures over one period, as a metric page, a chart bucket and the monthly report show them.
public struct PeriodFigures: Sendable, Equatable, Codable {
    public let metricID: String
    public let period: DayPeriod
    /// Statistics of the daily values: the mean is the average day, the median the typical day.
    public let statistics: PeriodStatistics
    /// The period's sum, only for metrics whose days add up (steps, kcal, minutes of sleep). A total of
    /// heart rates or weights means nothing, so it is nil for discrete metrics rather than a misleading number.
    public let total: Double?
    public let daysWithData: Int
    /// Percentage of the period's days with a value, 0–100.
    public let coveragePercent: Double

    public init(series: DailySeries, period: DayPeriod) {
        let values = series.points(in: period).map(\.value)
        let statistics = PeriodStatistics(values: values)
        self.metricID = series.metricID
        self.period = period
        self.statistics = statistics
        self.daysWithData = statistics.count
        self.coveragePercent = Double(statistics.count) / Double(period.dayCount) * 100
        switch series.aggregation {
        case .cumulative, .duration: total = statistics.count > 0 ? statistics.total : nil
        case .discrete: total = nil
        }
    }

    /// The number two periods are compared by: the average day. Comparing totals would call a month with a
    /// week of missing data a "drop", and months differ in length.
    public var comparisonValue: Double? {
        statistics.mean
    }
}

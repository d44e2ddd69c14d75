import Foundation
import Health

/// Everything a metric page shows for a chosen period: its figures and how it compares with the period
/// before and with the same period a year earlier. The monthly report is built from this same type, so its
/// numbers are the metric pages' numbers.
public struct MetricPeriodStatistics: Sendable, Equatable, Codable {
    public let figures: PeriodFigures
    /// Against `DayPeriod.previous`; nil when either period has too few days with data.
    public let changeFromPrevious: PeriodChange?
    /// Against `DayPeriod.yearEarlier`; nil when either period has too few days with data.
    public let changeFromYearEarlier: PeriodChange?

    public init(series: DailySeries, period: DayPeriod) {
        let figures = PeriodFigures(series: series, period: period)
        self.figures = figures
        changeFromPrevious = PeriodChange.between(figures, and: PeriodFigures(series: series, period: period.previous))
        changeFromYearEarlier = PeriodChange.between(
            figures, and: PeriodFigures(series: series, period: period.yearEarlier)
        )
    }
}

import Foundation
import Health

/// The report for one calendar month: per metric the month's figures and change against the previous month,
/// the weight trend and forecast as of the month's last day, and the month's strongest insights.
///
/// Built from `MetricPeriodStatistics`, the metric pages' own type, for the month's period, so a figure in
/// the report is the figure on the metric page for that month, to the last digit.
public struct MonthlyReport: Sendable, Equatable {
    public static let topInsightCount = 3

    /// The calendar month, or for the current month its days through today (as the metric page's month is, so
    /// "days with data" and coverage are not diluted by days that have not happened).
    public let month: DayPeriod
    /// One entry per metric with data in the month, in the order the series were given.
    public let metrics: [MetricPeriodStatistics]
    /// Nil without weight readings.
    public let weight: WeightAnalysis?
    public let insights: [Insight]
    public let anomalies: [Anomaly]

    /// `series` are the daily series of every metric (raw weight included: it gets figures, not correlations);
    /// `weightDaily` the first weighing of each day. Insights use the `InsightFinder.defaultWindowDays` ending
    /// on the month's last day, so the report says what was known then. `today` cuts the current month off
    /// there; nil (or a month that starts after it) keeps the whole month.
    public init(
        year: Int, month: Int, through today: LocalDay? = nil, series: [DailySeries], weightDaily: [TrendPoint] = [],
        target: Double? = nil, weightGoal: WeightGoal? = nil, factors: [BinaryFactor] = BinaryFactor.defaults
    ) {
        let whole = DayPeriod.month(year: year, month: month)
        let period = today.flatMap { whole.clipped(through: $0) } ?? whole
        self.month = period
        self.metrics = series.map { MetricPeriodStatistics(series: $0, period: period) }
            .filter { $0.figures.daysWithData > 0 }
        let weight = weightDaily.isEmpty ? nil : WeightAnalysis(daily: weightDaily, today: period.last, target: target)
        self.weight = weight
        let window = DayPeriod(first: period.last.adding(days: -(InsightFinder.defaultWindowDays - 1)), last: period.last)
        let candidates = series.map { $0.through(period.last) } + (weight.map { [DailySeries.weightTrendChange($0)] } ?? [])
        self.insights = Array(
            InsightFinder.find(series: candidates, factors: factors, window: window, weightGoal: weightGoal).shown
                .prefix(Self.topInsightCount)
        )
        let robust = series.filter { $0.metricID != "bodyMass" }.flatMap { AnomalyDetector.robust($0.through(period.last)) }
        let offTrend = weight.map { AnomalyDetector.offTrend($0.trend) } ?? []
        self.anomalies = (robust + offTrend).filter { period.contains($0.day) }.sorted { $0.day < $1.day }
    }

    public func statistics(for metricID: String) -> MetricPeriodStatistics? {
        metrics.first { $0.figures.metricID == metricID }
    }
}

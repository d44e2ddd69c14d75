import Foundation
import Health
import Insights
import Storage

extension InsightsService {
    /// Reads "2026-10" as a year and month; anything else is refused with an example.
    public static func month(_ text: String) throws(InsightsError) -> (year: Int, month: Int) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let parts = trimmed.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let year = Int(parts[0]), let month = Int(parts[1]), (1...12).contains(month), year >= 1900
        else { throw InsightsError.invalidMonth(text) }
        return (year, month)
    }

    /// The report for one calendar month, built from the same daily series and statistics as the metric pages:
    /// every catalog metric with data, training sets and step tasks done per day, the weight trend and forecast
    /// as of the month's last day, its top insights and flagged values. The current month is reported through
    /// `today`, as its metric pages are; a month that starts after `today` is refused.
    public func monthlyReport(
        userId: Int64, year: Int, month: Int, today: LocalDay, timeZone: TimeZone, target: Double?
    ) async throws -> MonthlyReport {
        guard let period = DayPeriod.month(year: year, month: month).clipped(through: today) else {
            throw InsightsError.monthNotStarted(
                String(format: "%04d-%02d", year, month), current: String(format: "%04d-%02d", today.year, today.month)
            )
        }
        let insightStart = period.last.adding(days: -(InsightFinder.defaultWindowDays - 1 + Self.lookBackMarginDays))
        let loaded = DayPeriod(first: min(period.yearEarlier.first, period.previous.first, insightStart), last: period.last)
        var series: [DailySeries] = []
        for metric in MetricCatalog.all {
            let one = try await self.series(userId: userId, metric: metric, days: loaded, timeZone: timeZone)
            if !one.points.isEmpty { series.append(one) }
        }
        let extra = try await insightSeries(userId: userId, days: loaded, timeZone: timeZone)
        series += extra.filter { MetricCatalog.metric(named: $0.metricID) == nil }
        let readings = try await weightReadings(userId: userId, shownFrom: loaded.first, through: period.last, timeZone: timeZone)
        let weight = readings.isEmpty ? nil : WeightAnalysis(daily: readings, today: period.last, target: target)
        return MonthlyReport(
            year: year, month: month, through: today, series: series, weightDaily: readings, target: target,
            weightGoal: Self.weightGoal(target: target, weight: weight)
        )
    }
}

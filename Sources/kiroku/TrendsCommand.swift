import ArgumentParser
import Foundation
import Health
import Insights
import Services
import Storage

/// `kiroku trends METRIC --user NAME [--period 30d]`: the figures a metric's trends page shows.
struct TrendsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trends",
        abstract: "A metric's figures for the last 30 days, a week, month, year or range: mean, median, min, max, total, coverage, changes."
    )

    @OptionGroup var data: DataOptions
    @Argument(help: "Metric: catalog id, alias or HealthKit identifier (weight, steps, heartRate, …).") var metric: String
    @Option(help: "Owner's username.") var user: String
    @Option(help: "30d, week, month, year or custom (default: 30d, the 30 days up to --date; custom with --from/--to).") var period: String?
    @Option(help: "A day in the wanted week, month or year, or the last of the 30 days, YYYY-MM-DD (default: today).") var date: String?
    @Option(help: "First day of a custom range, YYYY-MM-DD.") var from: String?
    @Option(help: "Last day of a custom range, YYYY-MM-DD (default: today).") var to: String?
    @Option(help: "Target weight in kg for the forecast (default: the profile's).") var target: Double?

    func run() async throws {
        let database = try data.openDatabase()
        let owner = try await data.user(user, in: database)
        let language = Language.terminal
        let timeZone = owner.resolvedTimeZone
        let today = LocalDay(Date(), in: timeZone)
        do {
            let known = try InsightsService.metric(named: metric)
            let request = try TrendPeriodRequest.parse(period: period, date: date, from: from, to: to, today: today)
            let trend = try await InsightsService(database: database).trend(
                userId: try owner.savedId, metric: known, request: request, today: today, timeZone: timeZone,
                target: target ?? owner.targetWeightKg
            )
            for line in TrendsPresenter.lines(trend, language: language) { print(line) }
        } catch let refusal as InsightsError {
            throw CLIError(refusal.message)
        }
    }
}

/// Plain-text lines for the trends, insights and report commands.
enum TrendsPresenter {
    static func value(_ value: Double?, _ metricID: String, _ language: Language) -> String {
        value.map { InsightMetric.format($0, metricID: metricID).text(in: language) } ?? "—"
    }

    static func change(_ change: PeriodChange?, _ metricID: String, _ language: Language) -> String? {
        guard let change else { return nil }
        let sign = change.difference > 0 ? "+" : change.difference < 0 ? "−" : "±"
        var text = sign + value(abs(change.difference), metricID, language)
        if let percent = change.percent { text += String(format: " (%@%.1f %%)", percent < 0 ? "−" : "+", abs(percent)) }
        return text + " [\(change.reference.first) – \(change.reference.last)]"
    }

    static func figureLines(_ statistics: MetricPeriodStatistics, language: Language) -> [String] {
        let figures = statistics.figures
        let id = figures.metricID
        let ja = language == .ja
        var lines = [
            (ja ? "平均（1日）" : "Mean (per day)") + ": " + value(figures.statistics.mean, id, language),
            (ja ? "中央値" : "Median") + ": " + value(figures.statistics.median, id, language),
            (ja ? "最小" : "Minimum") + ": " + value(figures.statistics.minimum, id, language),
            (ja ? "最大" : "Maximum") + ": " + value(figures.statistics.maximum, id, language),
        ]
        if let total = figures.total { lines.append((ja ? "合計" : "Total") + ": " + value(total, id, language)) }
        lines.append((ja ? "記録のある日" : "Days with data") + ": \(figures.daysWithData) / \(figures.period.dayCount)"
            + String(format: " (%.0f %%)", figures.coveragePercent))
        if let previous = change(statistics.changeFromPrevious, id, language) {
            lines.append((ja ? "前の期間との差" : "Change vs previous period") + ": " + previous)
        }
        if let year = change(statistics.changeFromYearEarlier, id, language) {
            lines.append((ja ? "1年前との差" : "Change vs a year earlier") + ": " + year)
        }
        return lines
    }

    static func lines(_ trend: MetricTrend, language: Language) -> [String] {
        let ja = language == .ja
        var lines = ["\(trend.metric.name.text(in: language)) · \(trend.period.first) – \(trend.period.last)"]
        lines += figureLines(trend.statistics, language: language)
        if let weight = trend.weight {
            lines += weightLines(weight, target: trend.target, language: language)
        }
        for anomaly in trend.anomalies {
            lines.append("⚠︎ " + anomaly.text.text(in: language))
        }
        if trend.days.isEmpty { lines.append(ja ? "この期間の記録はありません。" : "No records in this period.") }
        return lines
    }

    static func weightLines(_ weight: WeightAnalysis, target: Double?, language: Language) -> [String] {
        let ja = language == .ja
        var lines: [String] = []
        if let last = weight.trend.last { lines.append((ja ? "トレンド" : "Trend") + String(format: ": %.1f kg", last.trend)) }
        if let rate = weight.rate {
            lines.append((ja ? "1週間あたり" : "Per week") + String(format: ": %+.2f ± %.2f kg", rate.kilogramsPerWeek, rate.standardErrorPerWeek))
        }
        for change in weight.changes {
            lines.append(String(format: ja ? "%d日間: %+.2f kg" : "%d days: %+.2f kg", change.days, change.kilograms))
        }
        switch weight.forecast {
        case .expected(let date):
            let latest = date.latest?.description ?? (ja ? "不明" : "open")
            lines.append((ja ? "目標 " : "Target ") + String(format: "%.1f kg: ", date.target) + "\(date.date) (80 %: \(date.earliest) – \(latest))")
        case .notApproaching:
            lines.append(ja ? "まだ目標に近づいていません。" : "Not approaching the target yet.")
        case .insufficientData:
            lines.append(ja ? "予測には直近28日で8回以上の計測が必要です。" : "A forecast needs at least 8 weighings in the last 28 days.")
        case nil:
            if target == nil { lines.append(ja ? "目標体重が未設定です。" : "No target weight set.") }
        }
        return lines
    }
}

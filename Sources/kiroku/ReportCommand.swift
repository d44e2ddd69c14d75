import ArgumentParser
import Foundation
import Health
import Insights
import Services
import Storage

/// `kiroku report --month 2026-10 --user NAME`: the monthly report in a terminal.
struct ReportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "A month's report: per metric the figures and change, the weight trend and forecast, top insights."
    )

    @OptionGroup var data: DataOptions
    @Option(help: "Owner's username.") var user: String
    @Option(help: "The month, YYYY-MM (default: the previous month).") var month: String?

    func run() async throws {
        let database = try data.openDatabase()
        let owner = try await data.user(user, in: database)
        let language = Language.terminal
        let ja = language == .ja
        let timeZone = owner.resolvedTimeZone
        let today = LocalDay(Date(), in: timeZone)
        let lastMonth = LocalDay(year: today.year, month: today.month, day: 1).adding(days: -1)
        let wanted: (year: Int, month: Int)
        do {
            wanted = try month.map { text throws(InsightsError) in try InsightsService.month(text) } ?? (lastMonth.year, lastMonth.month)
        } catch {
            throw CLIError(error.message)
        }
        let report: MonthlyReport
        do {
            report = try await InsightsService(database: database).monthlyReport(
                userId: try owner.savedId, year: wanted.year, month: wanted.month, today: today, timeZone: timeZone, target: owner.targetWeightKg
            )
        } catch let error as InsightsError {
            throw CLIError(error.message)
        }
        print((ja ? "月次レポート " : "Monthly report ") + String(format: "%04d-%02d", wanted.year, wanted.month))
        if report.metrics.isEmpty { print(ja ? "この月の記録はありません。" : "No records this month.") }
        for statistics in report.metrics {
            print("")
            print("■ " + InsightMetric.name(statistics.figures.metricID).text(in: language))
            for line in TrendsPresenter.figureLines(statistics, language: language) { print("  " + line) }
        }
        if let weight = report.weight {
            print("")
            print(ja ? "■ 体重トレンド" : "■ Weight trend")
            for line in TrendsPresenter.weightLines(weight, target: owner.targetWeightKg, language: language) { print("  " + line) }
        }
        for insight in report.insights {
            print("★ " + insight.text.text(in: language))
        }
        for anomaly in report.anomalies {
            print("⚠︎ " + anomaly.text.text(in: language))
        }
    }
}

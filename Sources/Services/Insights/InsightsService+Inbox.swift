import Foundation
import Health
import Insights
import Storage

extension InsightsService {
    public static let monthlyReportInboxKind = "monthly-report"

    /// From the 1st of a month on, the previous month's report goes to the inbox once — when the person first
    /// opens Kiroku that month, since nothing runs on a schedule — if that month has any records. Returns the
    /// message when it was posted now.
    @discardableResult
    public func postMonthlyReportIfDue(user: User, now: Date) async throws -> InboxMessage? {
        let userId = try user.savedId
        let timeZone = user.resolvedTimeZone
        let today = LocalDay(now, in: timeZone)
        let previous = LocalDay(year: today.year, month: today.month, day: 1).adding(days: -1)
        let monthText = String(format: "%04d-%02d", previous.year, previous.month)
        let title = LocalizedText(ja: "\(monthText) の月次レポート", en: "Your report for \(monthText)")
        // Cheap check first: the report is only computed once a month.
        let posted = try await database.inbox(userId: userId, limit: 200)
        if posted.contains(where: { $0.kind == Self.monthlyReportInboxKind && $0.titleEn == title.en }) { return nil }
        let report = try await monthlyReport(
            userId: userId, year: previous.year, month: previous.month, today: today, timeZone: timeZone, target: user.targetWeightKg
        )
        guard !report.metrics.isEmpty else { return nil }
        let message = InboxMessage(
            userId: userId, createdAt: now, kind: Self.monthlyReportInboxKind, title: title,
            body: Self.reportSummary(report, path: "/reports/\(monthText)")
        )
        return try await database.insertInboxMessageOnce(message) ? message : nil
    }

    /// A few lines: steps and sleep per day, the weight trend's change, the top insight, and where the report is.
    static func reportSummary(_ report: MonthlyReport, path: String) -> LocalizedText {
        var ja: [String] = []
        var en: [String] = []
        for id in ["stepCount", "sleepAnalysis", "activeEnergyBurned"] {
            guard let statistics = report.statistics(for: id), let mean = statistics.figures.statistics.mean else { continue }
            let name = InsightMetric.name(id)
            let value = InsightMetric.format(mean, metricID: id)
            ja.append("\(name.ja): 1日平均 \(value.ja)")
            en.append("\(name.en.prefix(1).uppercased() + name.en.dropFirst()): \(value.en) a day")
        }
        if let weight = report.weight, let rate = weight.rate {
            let text = String(format: "%+.2f kg", rate.kilogramsPerWeek)
            ja.append("体重: 週 \(text)")
            en.append("Weight: \(text) a week")
        }
        if let top = report.insights.first {
            ja.append(top.text.ja)
            en.append(top.text.en)
        }
        ja.append("レポート: \(path)")
        en.append("Report: \(path)")
        return LocalizedText(ja: ja.joined(separator: "\n"), en: en.joined(separator: "\n"))
    }
}

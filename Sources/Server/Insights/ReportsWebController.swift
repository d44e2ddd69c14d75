import Foundation
import Health
import Hummingbird
import Insights
import Services
import Storage

/// `/reports/{yyyy-mm}`: a printable monthly report — per metric the month's figures and change, the weight
/// trend and forecast at the month's end, the month's top insights and flagged values. `/reports` opens the
/// previous month's.
struct ReportsWebController {
    let insights: InsightsService
    let pages: WebRenderer

    var endpoints: RouteCollection<AppRequestContext> {
        let routes = RouteCollection(context: AppRequestContext.self)
        routes.get("/reports", use: latest)
        routes.get("/reports/{month}", use: page)
        return routes
    }

    @Sendable func latest(request: Request, context: AppRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let today = LocalDay(context.now, in: user.resolvedTimeZone)
        let previous = LocalDay(year: today.year, month: today.month, day: 1).adding(days: -1)
        return .redirect(to: "/reports/" + Self.monthText(year: previous.year, month: previous.month))
    }

    /// A table row's name: the catalog's own ("Weight"), as the metric pages title it. `InsightMetric.name` is
    /// lower-cased in English to sit inside a sentence ("your weight trend"), which reads wrong at the start of a row.
    static func rowName(_ id: String, language: Language) -> String {
        if let metric = MetricCatalog.metric(named: id) { return metric.name.text(in: language) }
        let name = InsightMetric.name(id).text(in: language)
        return name.prefix(1).uppercased() + name.dropFirst()
    }

    static func monthText(year: Int, month: Int) -> String {
        String(format: "%04d-%02d", year, month)
    }

    @Sendable func page(request: Request, context: AppRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let language = context.language
        let strings = WebStrings.table(language)
        let (year, month) = try InsightsService.month(context.parameters.get("month", as: String.self) ?? "")
        let timeZone = user.resolvedTimeZone
        let report = try await insights.monthlyReport(
            userId: try user.savedId, year: year, month: month, today: LocalDay(context.now, in: timeZone), timeZone: timeZone,
            target: user.targetWeightKg
        )
        let title = "\(strings["inReport"]!) \(Self.monthText(year: year, month: month))"
        var values = pages.base(context, title: title, csrf: nil)
        values["heading"] = title
        values["periodText"] = "\(report.month.first) – \(report.month.last)"
        let previous = report.month.first.adding(days: -1)
        let next = report.month.last.adding(days: 1)
        values["previousHref"] = "/reports/" + Self.monthText(year: previous.year, month: previous.month)
        if next <= LocalDay(context.now, in: timeZone) {
            values["nextHref"] = "/reports/" + Self.monthText(year: next.year, month: next.month)
        }
        values["metrics"] = report.metrics.map { statistics -> [String: Any] in
            let id = statistics.figures.metricID
            let figures = statistics.figures
            var row: [String: Any] = [
                "id": id,
                "name": Self.rowName(id, language: language),
                "days": "\(figures.daysWithData) / \(figures.period.dayCount)",
            ]
            // A figure the month does not have (a total of weights, a change without a previous month) is left out:
            // the table shows "—" and tells a screen reader there is no data, rather than an empty cell.
            if let mean = InsightsFormatting.value(figures.statistics.mean, metricID: id, language: language) { row["mean"] = mean }
            if MetricCatalog.metric(named: id) != nil { row["href"] = "/trends/\(id)?period=month&date=\(report.month.first)" }
            if let total = InsightsFormatting.value(figures.total, metricID: id, language: language) { row["total"] = total }
            if let change = statistics.changeFromPrevious {
                var text = InsightsFormatting.signed(change.difference, metricID: id, language: language)
                if let percent = change.percent { text += " (" + InsightsFormatting.percent(percent) + ")" }
                row["change"] = text
            }
            return row
        }
        values["hasMetrics"] = !report.metrics.isEmpty
        if let weight = report.weight {
            var section: [String: Any] = [:]
            if let last = weight.trend.last { section["trendNow"] = InsightsFormatting.kilograms(last.trend, decimals: 1) }
            if let rate = weight.rate { section["rate"] = InsightsFormatting.kilograms(rate.kilogramsPerWeek, signed: true) }
            section["changes"] = weight.changes.map { ["days": $0.days, "kilograms": InsightsFormatting.kilograms($0.kilograms, signed: true)] as [String: Any] }
            if let forecast = weight.forecast {
                switch forecast {
                case .expected(let date):
                    let latest = date.latest?.description ?? "…"
                    section["forecast"] = "\(date.date) (80 %: \(date.earliest) – \(latest))"
                case .notApproaching: section["forecast"] = strings["inNotApproaching"] ?? ""
                case .insufficientData: section["forecast"] = strings["inInsufficientData"] ?? ""
                }
            }
            values["weight"] = section
        }
        values["insights"] = report.insights.map { InsightsWebController.insight($0, language: language, strings: strings) }
        values["hasInsights"] = !report.insights.isEmpty
        values["anomalies"] = report.anomalies.map { InsightsFormatting.anomaly($0, language: language) }
        values["hasAnomalies"] = !report.anomalies.isEmpty
        return pages.render("report", values)
    }
}

import Foundation
import Health
import Hummingbird
import Insights
import Services
import Storage

/// `GET /api/v1/reports/monthly/{yyyy-mm}`: the monthly report as JSON, with the same figures as the metric pages.
struct ReportsAPIController {
    let insights: InsightsService

    var endpoints: RouteCollection<AppRequestContext> {
        let routes = RouteCollection(context: AppRequestContext.self)
        routes.get("reports/monthly/{month}", use: monthly)
        return routes
    }

    @Sendable func monthly(request: Request, context: AppRequestContext) async throws -> MonthlyReportResponse {
        let user = try context.requireUser()
        let (year, month) = try InsightsService.month(context.parameters.get("month", as: String.self) ?? "")
        let report = try await insights.monthlyReport(
            userId: try user.savedId, year: year, month: month, today: LocalDay(context.now, in: user.resolvedTimeZone),
            timeZone: user.resolvedTimeZone, target: user.targetWeightKg
        )
        return MonthlyReportResponse(report, target: user.targetWeightKg)
    }
}

struct MonthlyReportResponse: ResponseEncodable {
    struct MetricBody: Codable {
        let metric: String
        let figures: TrendResponse.Figures
        let changeFromPrevious: TrendResponse.Change?
        let changeFromYearEarlier: TrendResponse.Change?
    }

    let month: String
    let from: String
    let to: String
    let metrics: [MetricBody]
    let weight: TrendResponse.Weight?
    let insights: [InsightBody]
    let anomalies: [TrendResponse.AnomalyBody]

    init(_ report: MonthlyReport, target: Double?) {
        month = String(format: "%04d-%02d", report.month.first.year, report.month.first.month)
        from = report.month.first.description
        to = report.month.last.description
        metrics = report.metrics.map {
            MetricBody(
                metric: $0.figures.metricID, figures: TrendResponse.Figures($0.figures),
                changeFromPrevious: TrendResponse.Change($0.changeFromPrevious),
                changeFromYearEarlier: TrendResponse.Change($0.changeFromYearEarlier)
            )
        }
        weight = report.weight.map { analysis in
            TrendResponse.Weight(analysis, inPeriod: analysis.trend.filter { report.month.contains($0.day) }, target: target)
        }
        insights = report.insights.map(InsightBody.init)
        anomalies = report.anomalies.map(TrendResponse.AnomalyBody.init)
    }
}

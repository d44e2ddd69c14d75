import Foundation
import Health
import Hummingbird
import Insights
import Services
import Storage

/// `/insights`: what the last 90 days support — relationships with their sentence, kind and confidence,
/// values worth a check, and next steps — each linked to the metric page behind it.
struct InsightsWebController {
    let insights: InsightsService
    let pages: WebRenderer

    var endpoints: RouteCollection<AppRequestContext> {
        let routes = RouteCollection(context: AppRequestContext.self)
        routes.get("/insights", use: page)
        return routes
    }

    @Sendable func page(request: Request, context: AppRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let language = context.language
        let strings = WebStrings.table(language)
        let timeZone = user.resolvedTimeZone
        let today = LocalDay(context.now, in: timeZone)
        let overview = try await insights.insights(userId: try user.savedId, today: today, timeZone: timeZone, target: user.targetWeightKg)
        var values = pages.base(context, title: strings["inInsights"]!, csrf: context.session?.csrfToken)
        values["anomalyBack"] = request.uri.description
        values["window"] = "\(overview.window.first) – \(overview.window.last)"
        values["insights"] = overview.result.shown.map { Self.insight($0, language: language, strings: strings) }
        values["hasInsights"] = !overview.result.shown.isEmpty
        values["testedCount"] = overview.result.tested.count
        values["anomalies"] = overview.anomalies.map { InsightsFormatting.anomaly($0, language: language) }
        values["hasAnomalies"] = !overview.anomalies.isEmpty
        values["advice"] = overview.advice.map { advice in
            ["id": advice.id, "text": advice.text.text(in: language), "href": "/trends/\(Self.pageMetric(advice.metricID))"]
        }
        values["hasAdvice"] = !overview.advice.isEmpty
        values["categories"] = TrendsWebController.metricList(language: language)
        values["navInsights"] = true
        return pages.render("insights", values)
    }

    static func insight(_ insight: Insight, language: Language, strings: [String: String]) -> [String: Any] {
        [
            "id": insight.id,
            "text": insight.text.text(in: language),
            "kind": insight.kind.rawValue,
            "kindLabel": strings["inKind" + insight.kind.rawValue] ?? insight.kind.rawValue,
            "confidence": insight.confidence.rawValue,
            "confidenceLabel": strings["inConfidence" + insight.confidence.rawValue] ?? insight.confidence.rawValue,
            "details": String(format: "ρ = %.2f · q = %.3f · %d", insight.strength, insight.qValue, insight.days) + " " + (strings["inDays"] ?? ""),
            "leadingHref": "/trends/\(pageMetric(insight.leadingMetricID))",
            "followingHref": "/trends/\(pageMetric(insight.followingMetricID))",
            "leadingName": InsightMetric.name(factorMetric(insight.leadingMetricID)).text(in: language),
            "followingName": InsightMetric.name(insight.followingMetricID).text(in: language),
        ]
    }

    /// The metric page behind a series: the weight trend change lives on the weight page; factors on their metric's.
    static func pageMetric(_ id: String) -> String {
        let id = factorMetric(id)
        if id == InsightMetric.weightTrendChange { return "bodyMass" }
        if MetricCatalog.metric(named: id) != nil { return id }
        return id == InsightMetric.workoutVolume ? "exerciseTime" : "stepCount"
    }

    static func factorMetric(_ id: String) -> String {
        BinaryFactor.defaults.first { $0.id == id }?.metricID ?? id
    }
}

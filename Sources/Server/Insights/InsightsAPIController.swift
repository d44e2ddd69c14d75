import Foundation
import Health
import Hummingbird
import Insights
import Services
import Storage

/// `GET /api/v1/insights`: the insights page's content as JSON — shown insights with their statistics,
/// the number of tests run, flagged values and advice.
struct InsightsAPIController {
    let insights: InsightsService

    var endpoints: RouteCollection<AppRequestContext> {
        let routes = RouteCollection(context: AppRequestContext.self)
        routes.get("insights", use: overview)
        return routes
    }

    @Sendable func overview(request: Request, context: AppRequestContext) async throws -> InsightsResponse {
        let user = try context.requireUser()
        let timeZone = user.resolvedTimeZone
        let overview = try await insights.insights(
            userId: try user.savedId, today: LocalDay(context.now, in: timeZone), timeZone: timeZone, target: user.targetWeightKg
        )
        return InsightsResponse(overview)
    }
}

struct InsightBody: Codable {
    let id: String
    let method: String
    let leading: String
    let following: String
    let lag: Int
    let days: Int
    let strength: Double
    let pValue: Double
    let qValue: Double
    let meanWhenHigh: Double
    let meanOtherwise: Double
    let kind: String
    let confidence: String
    let text: LocalizedText

    init(_ insight: Insight) {
        id = insight.id
        method = insight.method.rawValue
        leading = insight.leadingMetricID
        following = insight.followingMetricID
        lag = insight.lag
        days = insight.days
        strength = insight.strength
        pValue = insight.pValue
        qValue = insight.qValue
        meanWhenHigh = insight.meanWhenHigh
        meanOtherwise = insight.meanOtherwise
        kind = insight.kind.rawValue
        confidence = insight.confidence.rawValue
        text = insight.text
    }
}

struct AdviceBody: Codable {
    let id: String
    let metric: String
    let text: LocalizedText

    init(_ advice: Advice) {
        id = advice.id
        metric = advice.metricID
        text = advice.text
    }
}

struct InsightsResponse: ResponseEncodable {
    let from: String
    let to: String
    let series: [String]
    let testedCount: Int
    let insights: [InsightBody]
    let anomalies: [TrendResponse.AnomalyBody]
    let advice: [AdviceBody]

    init(_ overview: InsightsOverview) {
        from = overview.window.first.description
        to = overview.window.last.description
        series = overview.seriesIDs
        testedCount = overview.result.tested.count
        insights = overview.result.shown.map(InsightBody.init)
        anomalies = overview.anomalies.map(TrendResponse.AnomalyBody.init)
        advice = overview.advice.map(AdviceBody.init)
    }
}

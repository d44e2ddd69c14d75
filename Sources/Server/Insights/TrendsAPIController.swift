import Foundation
import Health
import Hummingbird
import Insights
import Services
import Storage

/// `GET /api/v1/trends/{metric}?period=30d|week|month|year|custom&date=&from=&to=&target=`: the figures a metric
/// page shows for the period, its daily points and 7-day average, flagged values, and for weight the trend,
/// rate and forecast. Values are in the metric's canonical unit, days in the owner's time zone.
struct TrendsAPIController {
    let insights: InsightsService

    var endpoints: RouteCollection<AppRequestContext> {
        let routes = RouteCollection(context: AppRequestContext.self)
        routes.get("trends/{metric}", use: trend)
        return routes
    }

    @Sendable func trend(request: Request, context: AppRequestContext) async throws -> TrendResponse {
        let user = try context.requireUser()
        let metric = try InsightsService.metric(named: context.parameters.get("metric", as: String.self) ?? "")
        let timeZone = user.resolvedTimeZone
        let today = LocalDay(context.now, in: timeZone)
        let query = request.uri.queryParameters
        func parameter(_ name: String) -> String? { query[Substring(name)].map(String.init) }
        let periodRequest = try TrendPeriodRequest.parse(
            period: parameter("period"), date: parameter("date"), from: parameter("from"), to: parameter("to"), today: today
        )
        let target = try TrendsWebController.target(parameter("target"), user: user)
        let trend = try await insights.trend(
            userId: try user.savedId, metric: metric, request: periodRequest, today: today, timeZone: timeZone, target: target
        )
        return TrendResponse(trend, timeZone: timeZone)
    }
}

struct TrendResponse: ResponseEncodable {
    let metric: String
    let unit: String
    let aggregation: String
    let timeZone: String
    let period: String
    let from: String
    let to: String
    let figures: Figures
    let changeFromPrevious: Change?
    let changeFromYearEarlier: Change?
    let lowestReading: Double?
    let highestReading: Double?
    let points: [Point]
    let movingAverage: [Point]
    let anomalies: [AnomalyBody]
    let weight: Weight?
    let sleepStages: [Night]?

    struct Night: Codable {
        let night: String
        let deep: Double
        let core: Double
        let rem: Double
        let unspecified: Double

        init(_ stages: NightStages) {
            night = stages.night.description
            deep = stages.minutes[.deep] ?? 0
            core = stages.minutes[.core] ?? 0
            rem = stages.minutes[.rem] ?? 0
            unspecified = stages.minutes[.unspecified] ?? 0
        }
    }

    struct Figures: Codable {
        let mean: Double?
        let median: Double?
        let min: Double?
        let max: Double?
        let total: Double?
        let daysWithData: Int
        let dayCount: Int
        let coveragePercent: Double

        init(_ figures: PeriodFigures) {
            mean = figures.statistics.mean
            median = figures.statistics.median
            min = figures.statistics.minimum
            max = figures.statistics.maximum
            total = figures.total
            daysWithData = figures.daysWithData
            dayCount = figures.period.dayCount
            coveragePercent = figures.coveragePercent
        }
    }

    struct Change: Codable {
        let from: String
        let to: String
        let referenceValue: Double
        let currentValue: Double
        let difference: Double
        let percent: Double?

        init?(_ change: PeriodChange?) {
            guard let change else { return nil }
            from = change.reference.first.description
            to = change.reference.last.description
            referenceValue = change.referenceValue
            currentValue = change.currentValue
            difference = change.difference
            percent = change.percent
        }
    }

    struct Point: Codable {
        let day: String
        let value: Double
    }

    struct AnomalyBody: Codable {
        let metric: String
        let day: String
        let value: Double
        let expected: Double
        let message: LocalizedText

        init(_ anomaly: Anomaly) {
            metric = anomaly.metricID
            day = anomaly.day.description
            value = anomaly.value
            expected = anomaly.expected
            message = anomaly.text
        }
    }

    struct Weight: Codable {
        struct TrendDay: Codable {
            let day: String
            let reading: Double?
            let trend: Double
        }
        struct ChangeBody: Codable {
            let days: Int
            let kilograms: Double
            let readings: Int
        }
        struct Forecast: Codable {
            /// "expected", "notApproaching", "insufficientData" or "noTarget".
            let status: String
            let target: Double?
            let date: String?
            let earliest: String?
            let latest: String?
        }
        let trend: [TrendDay]
        let kilogramsPerWeek: Double?
        let standardErrorPerWeek: Double?
        let rateReadings: Int?
        let changes: [ChangeBody]
        let forecast: Forecast

        init(_ analysis: WeightAnalysis, inPeriod: [WeightTrendPoint], target: Double?) {
            trend = inPeriod.map { TrendDay(day: $0.day.description, reading: $0.reading, trend: $0.trend) }
            kilogramsPerWeek = analysis.rate?.kilogramsPerWeek
            standardErrorPerWeek = analysis.rate?.standardErrorPerWeek
            rateReadings = analysis.rate?.readings
            changes = analysis.changes.map { ChangeBody(days: $0.days, kilograms: $0.kilograms, readings: $0.readings) }
            switch analysis.forecast {
            case .expected(let date):
                forecast = Forecast(status: "expected", target: target, date: date.date.description,
                                    earliest: date.earliest.description, latest: date.latest?.description)
            case .notApproaching:
                forecast = Forecast(status: "notApproaching", target: target, date: nil, earliest: nil, latest: nil)
            case .insufficientData:
                forecast = Forecast(status: "insufficientData", target: target, date: nil, earliest: nil, latest: nil)
            case nil:
                forecast = Forecast(status: "noTarget", target: nil, date: nil, earliest: nil, latest: nil)
            }
        }
    }

    init(_ trend: MetricTrend, timeZone: TimeZone) {
        metric = trend.metric.id
        unit = trend.metric.canonicalUnit
        aggregation = trend.metric.aggregation.rawValue
        self.timeZone = timeZone.identifier
        period = trend.request.kind.rawValue
        from = trend.period.first.description
        to = trend.period.last.description
        figures = Figures(trend.statistics.figures)
        changeFromPrevious = Change(trend.statistics.changeFromPrevious)
        changeFromYearEarlier = Change(trend.statistics.changeFromYearEarlier)
        lowestReading = trend.lowestReading
        highestReading = trend.highestReading
        points = trend.points.map { Point(day: $0.day.description, value: $0.value) }
        movingAverage = trend.movingAverage.map { Point(day: $0.day.description, value: $0.value) }
        anomalies = trend.anomalies.map(AnomalyBody.init)
        weight = trend.weight.map { Weight($0, inPeriod: trend.weightTrendInPeriod, target: trend.target) }
        sleepStages = trend.metric.id == "sleepAnalysis" ? trend.sleepStages.map(Night.init) : nil
    }
}

import Foundation
import Health
import Hummingbird
import Services
import Storage

/// `GET /api/v1/summaries?metric=&from=&to=`: daily summaries in the user's time zone, plus the
/// 7-day moving average once seven days have data. Days default to the last 30.
struct SummariesAPIController {
    let summaries: SummaryService

    struct SummaryResponse: ResponseEncodable {
        let metric: String
        let unit: String
        let aggregation: String
        let timeZone: String
        let from: String
        let to: String
        let days: [Day]
        let movingAverage: [Point]

        struct Day: Codable {
            let day: String
            let value: Double
            let count: Int
            let sum: Double
            let mean: Double
            let min: Double
            let max: Double
            let latest: Double
        }

        struct Point: Codable {
            let day: String
            let value: Double
        }
    }

    static let maxDays = 3660

    var endpoints: RouteCollection<AppRequestContext> {
        let routes = RouteCollection(context: AppRequestContext.self)
        routes.get("summaries", use: summary)
        return routes
    }

    @Sendable func summary(request: Request, context: AppRequestContext) async throws -> SummaryResponse {
        let userId = try context.requireUserId()
        let user = try context.requireUser()
        let parameters = request.uri.queryParameters
        guard let name = parameters["metric"].map(String.init) else { throw APIError.invalidParameter("metric", expected: .metricName) }
        guard let metric = MetricCatalog.metric(named: name) else { throw APIError(HealthError.unknownMetric(name)) }
        let timeZone = user.resolvedTimeZone
        let today = LocalDay(context.now, in: timeZone)
        let to = try parameters["to"].map { try Self.day(String($0), name: "to") } ?? today
        let from = try parameters["from"].map { try Self.day(String($0), name: "from") } ?? to.adding(days: -29)
        guard from <= to else { throw APIError(ServiceError.reversedRange(start: "from", end: "to")) }
        guard from.days(until: to) < Self.maxDays else {
            throw APIError(ServiceError.rangeTooLong(start: "from", end: "to", maximumDays: Self.maxDays))
        }
        let trend = try await summaries.trend(userId: userId, metric: metric, from: from, to: to, timeZone: timeZone)
        return SummaryResponse(
            metric: metric.id, unit: metric.canonicalUnit, aggregation: metric.aggregation.rawValue,
            timeZone: timeZone.identifier, from: from.description, to: to.description,
            days: trend.days.map {
                .init(day: $0.day.description, value: $0.value, count: $0.count, sum: $0.sum, mean: $0.mean, min: $0.min, max: $0.max, latest: $0.latest)
            },
            movingAverage: trend.movingAverage.map { .init(day: $0.day.description, value: $0.value) }
        )
    }

    static func day(_ text: String, name: String) throws -> LocalDay {
        guard let day = LocalDay(text) else { throw APIError(ServiceError.invalidDate(name, text: text)) }
        return day
    }
}

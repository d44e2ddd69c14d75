import Foundation
import Health
import Hummingbird
import HummingbirdCore
import Services
import Storage

/// `/api/v1/health-workouts/{id}/route`: an imported workout's GPS route as JSON (points, summary, heart-rate
/// series) and as a GPX 1.1 file.
struct WorkoutRouteAPIController {
    let routes: WorkoutRouteService

    var endpoints: RouteCollection<AppRequestContext> {
        let collection = RouteCollection(context: AppRequestContext.self)
        collection.get("health-workouts/{id}/route", use: route)
        collection.get("health-workouts/{id}/route.gpx", use: gpx)
        return collection
    }

    @Sendable func route(request: Request, context: AppRequestContext) async throws -> WorkoutRouteResponse {
        let userId = try context.requireUserId()
        guard let id = context.parameters.get("id", as: Int64.self) else { throw APIError.notFound }
        return WorkoutRouteResponse(try await routes.detail(workoutId: id, userId: userId, points: try Self.selection(request.uri.queryParameters)))
    }

    static let overviewOrPages = ExpectedValue(
        ja: "maxPoints（間引いた全体）と limit・cursor（ページごと）は同時に指定できません", en: "expected either maxPoints (a thinned overview) or limit and cursor (pages), not both"
    )

    /// `maxPoints` (2–10,000, default 2,000) for an evenly thinned overview; or `limit` (1–10,000) and `cursor` for
    /// exact points a page at a time. Both at once, or a value out of range, is refused.
    static func selection(_ parameters: FlatDictionary<Substring, Substring>) throws -> RoutePointSelection {
        let paging = parameters["limit"] != nil || parameters["cursor"] != nil
        if let text = parameters["maxPoints"] {
            guard !paging else { throw APIError.invalidParameter("maxPoints", expected: Self.overviewOrPages) }
            guard let value = Int(text), RouteThinning.maxPointsRange.contains(value) else {
                throw APIError.invalidParameter("maxPoints", expected: .integer(RouteThinning.maxPointsRange))
            }
            return .overview(maxPoints: value)
        }
        guard paging else { return .standard }
        let (limit, cursor) = try PageRequest.limitAndCursor(parameters, defaultLimit: 1_000, maxLimit: RoutePointSelection.pageLimits.upperBound)
        return .page(cursor: cursor, limit: limit)
    }

    @Sendable func gpx(request: Request, context: AppRequestContext) async throws -> Response {
        let userId = try context.requireUserId()
        guard let id = context.parameters.get("id", as: Int64.self) else { throw APIError.notFound }
        return ExportResponse.gpx(try await routes.gpx(workoutId: id, userId: userId))
    }
}

struct WorkoutRouteResponse: ResponseEncodable {
    let workoutId: Int64
    let activityType: String
    let start: Date
    let end: Date
    /// Absent on the pages after the first.
    let summary: RouteSummary?
    let points: [RoutePoint]
    /// `points` is an evenly spaced overview of the route's `summary.pointCount` points.
    let pointsThinned: Bool
    /// When paging: the `cursor` of the next page, null on the last.
    let nextCursor: String?
    let heartRates: [WorkoutHeartRate]

    init(_ detail: WorkoutDetail) {
        workoutId = detail.workout.id ?? 0
        activityType = detail.workout.activityType
        start = detail.workout.startAt
        end = detail.workout.endAt
        summary = detail.summary
        points = detail.points
        pointsThinned = detail.pointsThinned
        nextCursor = detail.nextCursor?.token
        heartRates = detail.heartRates
    }
}

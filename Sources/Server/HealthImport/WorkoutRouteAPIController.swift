import Foundation
import Health
import Hummingbird
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
        return WorkoutRouteResponse(try await routes.detail(workoutId: id, userId: userId))
    }

    @Sendable func gpx(request: Request, context: AppRequestContext) async throws -> Response {
        let userId = try context.requireUserId()
        guard let id = context.parameters.get("id", as: Int64.self) else { throw APIError.notFound }
        let file = try await routes.gpx(workoutId: id, userId: userId)
        return ExportResponse.gpx(file.document, filename: file.fileName)
    }
}

struct WorkoutRouteResponse: ResponseEncodable {
    let workoutId: Int64
    let activityType: String
    let start: Date
    let end: Date
    let summary: RouteSummary
    let points: [RoutePoint]
    let heartRates: [WorkoutHeartRate]

    init(_ detail: WorkoutDetail) {
        workoutId = detail.workout.id ?? 0
        activityType = detail.workout.activityType
        start = detail.workout.startAt
        end = detail.workout.endAt
        summary = detail.summary
        points = detail.points
        heartRates = detail.heartRates
    }
}

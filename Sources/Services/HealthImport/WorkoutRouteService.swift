import Foundation
import Health
import HealthImport
import Storage

/// An imported workout with what it recorded along the way: its route, the route's summary, its heart-rate series.
public struct WorkoutDetail: Sendable {
    public let workout: HealthWorkoutRecord
    public let points: [RoutePoint]
    public let summary: RouteSummary
    public let heartRates: [WorkoutHeartRate]
}

/// Reads imported workouts' routes for the workout page, the JSON API and the GPX download.
public struct WorkoutRouteService: Sendable {
    public let database: AppDatabase

    public init(database: AppDatabase) {
        self.database = database
    }

    /// The user's workout and its route (empty when it has none); another user's id is not found.
    public func detail(workoutId: Int64, userId: Int64) async throws -> WorkoutDetail {
        guard let workout = try await database.workout(id: workoutId, userId: userId) else { throw ServiceError.notFound }
        let points = try await database.routePoints(userId: userId, workoutId: workoutId).map(\.point)
        return WorkoutDetail(
            workout: workout, points: points, summary: RouteSummary(points),
            heartRates: DatedJSON.decode([WorkoutHeartRate].self, from: workout.heartRates) ?? []
        )
    }

    /// The route as a GPX 1.1 document and the file name to save it under; a workout without a route is not found.
    public func gpx(workoutId: Int64, userId: Int64) async throws -> (fileName: String, document: String) {
        let detail = try await detail(workoutId: workoutId, userId: userId)
        guard !detail.points.isEmpty else { throw ServiceError.notFound }
        let name = WorkoutActivityName.of(detail.workout.activityType).en
        // The day where the workout happened (its own UTC offset), as the person remembers it.
        let zone = TimeZone(secondsFromGMT: detail.workout.utcOffsetSeconds ?? 0) ?? TimeZone(identifier: "UTC")!
        let day = Date.ISO8601FormatStyle(timeZone: zone).year().month().day().format(detail.workout.startAt)
        return ("kiroku-workout-\(workoutId)-\(day).gpx", GPXWriter.document(name: "\(name) \(day)", type: name, points: detail.points))
    }
}

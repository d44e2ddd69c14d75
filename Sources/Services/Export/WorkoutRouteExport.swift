import Foundation
import Health
import Storage

/// One workout's route in the export: where it came from and its points in order.
public struct WorkoutRouteExport: Encodable, Sendable {
    public let workoutId: Int64
    public let origin: String
    public let points: [RoutePoint]

    /// Points (ordered by workout, then place) gathered into one entry per workout.
    static func grouped(_ rows: [WorkoutRoutePointRecord]) -> [WorkoutRouteExport] {
        var routes: [WorkoutRouteExport] = []
        var start = rows.startIndex
        while start < rows.endIndex {
            let workoutId = rows[start].workoutId
            let end = rows[start...].firstIndex { $0.workoutId != workoutId } ?? rows.endIndex
            routes.append(WorkoutRouteExport(workoutId: workoutId, origin: rows[start].origin.rawValue, points: rows[start..<end].map(\.point)))
            start = end
        }
        return routes
    }
}

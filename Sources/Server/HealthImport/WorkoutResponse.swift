import Foundation
import Storage

/// An imported workout as the export shows it: totals in minutes, metres and kilocalories, the details
/// (statistics, events, route files, metadata) as the JSON they were stored as.
struct WorkoutResponse: Encodable, Sendable {
    let id: Int64
    let activityType: String
    let start: Date
    let end: Date
    let utcOffsetSeconds: Int?
    let durationMinutes: Double?
    let distanceMeters: Double?
    let energyKcal: Double?
    let statistics: String
    let events: String
    let routeFiles: String
    let metadata: String
    let source: String
    let sourceName: String
    let device: String?

    init(_ workout: HealthWorkoutRecord) throws(StoredRowError) {
        id = try workout.savedId
        activityType = workout.activityType
        start = workout.startAt
        end = workout.endAt
        utcOffsetSeconds = workout.utcOffsetSeconds
        durationMinutes = workout.durationMinutes
        distanceMeters = workout.distanceMeters
        energyKcal = workout.energyKcal
        statistics = workout.statistics
        events = workout.events
        routeFiles = workout.routeFiles
        metadata = workout.metadata
        source = workout.source
        sourceName = workout.sourceName
        device = workout.device
    }
}

import Foundation
import Storage

/// An imported workout as the export shows it: totals in minutes, metres and kilocalories, the details
/// (statistics, events, route files, metadata) as the JSON they were stored as.
public struct WorkoutResponse: Encodable, Sendable {
    public let id: Int64
    public let activityType: String
    public let start: Date
    public let end: Date
    public let utcOffsetSeconds: Int?
    public let durationMinutes: Double?
    public let distanceMeters: Double?
    public let energyKcal: Double?
    public let statistics: String
    public let events: String
    public let routeFiles: String
    public let metadata: String
    public let source: String
    public let sourceName: String
    public let device: String?

    public init(_ workout: HealthWorkoutRecord) throws(StoredRowError) {
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

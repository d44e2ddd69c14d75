import Foundation
import Storage

/// An imported workout as the export shows it: totals in minutes, metres and kilocalories, the details
/// (statistics, events, route files, metadata) as JSON objects and arrays.
public struct WorkoutResponse: Encodable, Sendable {
    public let id: Int64
    public let activityType: String
    public let start: Date
    public let end: Date
    public let utcOffsetSeconds: Int?
    public let durationMinutes: Double?
    public let distanceMeters: Double?
    public let energyKcal: Double?
    public let statistics: StoredJSON
    public let events: StoredJSON
    public let routeFiles: StoredJSON
    public let metadata: StoredJSON
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
        statistics = StoredJSON(text: workout.statistics)
        events = StoredJSON(text: workout.events)
        routeFiles = StoredJSON(text: workout.routeFiles)
        metadata = StoredJSON(text: workout.metadata)
        source = workout.source
        sourceName = workout.sourceName
        device = workout.device
    }
}

import Foundation
import GRDB

/// A stored workout (Apple Health import, Health Auto Export), totals in minutes, metres and kilocalories.
public struct HealthWorkoutRecord: Codable, Sendable, Equatable, Identifiable {
    public var id: Int64?
    public var userId: Int64
    public var activityType: String
    public var startAt: Date
    public var endAt: Date
    public var utcOffsetSeconds: Int?
    public var durationMinutes: Double?
    public var distanceMeters: Double?
    public var energyKcal: Double?
    /// JSON arrays/objects as written at import: statistics, events, route file paths, metadata.
    public var statistics: String
    public var events: String
    public var routeFiles: String
    public var metadata: String
    public var source: String
    public var sourceName: String
    public var device: String?
    public var naturalKey: Int64
    public var createdAt: Date
}

extension HealthWorkoutRecord: FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "healthWorkout"

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

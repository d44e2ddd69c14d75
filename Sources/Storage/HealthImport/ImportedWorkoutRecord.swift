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
    /// JSON array of the heart-rate series (time, average, minimum, maximum), `[]` when none came.
    public var heartRates: String
}

extension HealthWorkoutRecord: FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "healthWorkout"

    public enum Columns {
        public static let id = Column(CodingKeys.id)
        public static let userId = Column(CodingKeys.userId)
        public static let activityType = Column(CodingKeys.activityType)
        public static let startAt = Column(CodingKeys.startAt)
        public static let endAt = Column(CodingKeys.endAt)
        public static let utcOffsetSeconds = Column(CodingKeys.utcOffsetSeconds)
        public static let durationMinutes = Column(CodingKeys.durationMinutes)
        public static let distanceMeters = Column(CodingKeys.distanceMeters)
        public static let energyKcal = Column(CodingKeys.energyKcal)
        public static let statistics = Column(CodingKeys.statistics)
        public static let events = Column(CodingKeys.events)
        public static let routeFiles = Column(CodingKeys.routeFiles)
        public static let metadata = Column(CodingKeys.metadata)
        public static let source = Column(CodingKeys.source)
        public static let sourceName = Column(CodingKeys.sourceName)
        public static let device = Column(CodingKeys.device)
        public static let naturalKey = Column(CodingKeys.naturalKey)
        public static let createdAt = Column(CodingKeys.createdAt)
        public static let heartRates = Column(CodingKeys.heartRates)
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

extension HealthWorkoutRecord: UserOwnedRecord {
    static var ownerColumn: Column { Columns.userId }
}

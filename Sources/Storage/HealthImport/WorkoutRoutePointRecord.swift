import Foundation
import GRDB
import Health

/// One stored GPS fix of a workout's route.
public struct WorkoutRoutePointRecord: Codable, Sendable, Equatable, Identifiable {
    /// Where a route came from.
    public enum Origin: String, Codable, Sendable {
        /// `<WorkoutRoute><Location …/>` inside the export's `<Workout>` (before iOS 13).
        case exportInline = "export-inline"
        /// A `workout-routes/*.gpx` file of `export.zip`, named by the workout's `<FileReference>`.
        case exportGPX = "export-gpx"
        /// The `route` of a Health Auto Export workout.
        case healthAutoExport = "health-auto-export"
    }

    public var id: Int64?
    public var userId: Int64
    public var workoutId: Int64
    public var sequence: Int
    public var time: Date?
    public var latitude: Double
    public var longitude: Double
    public var elevation: Double?
    public var speed: Double?
    public var course: Double?
    public var horizontalAccuracy: Double?
    public var verticalAccuracy: Double?
    public var origin: Origin

    /// The import summary's name for stored route points (its per-type counts).
    public static let importType = "workoutRoutePoint"

    public var point: RoutePoint {
        RoutePoint(
            time: time, latitude: latitude, longitude: longitude, elevation: elevation, speed: speed, course: course,
            horizontalAccuracy: horizontalAccuracy, verticalAccuracy: verticalAccuracy
        )
    }
}

extension WorkoutRoutePointRecord: FetchableRecord, TableRecord {
    public static let databaseTableName = "healthWorkoutRoutePoint"

    public enum Columns {
        public static let id = Column(CodingKeys.id)
        public static let userId = Column(CodingKeys.userId)
        public static let workoutId = Column(CodingKeys.workoutId)
        public static let sequence = Column(CodingKeys.sequence)
        public static let time = Column(CodingKeys.time)
        public static let latitude = Column(CodingKeys.latitude)
        public static let longitude = Column(CodingKeys.longitude)
        public static let elevation = Column(CodingKeys.elevation)
        public static let speed = Column(CodingKeys.speed)
        public static let course = Column(CodingKeys.course)
        public static let horizontalAccuracy = Column(CodingKeys.horizontalAccuracy)
        public static let verticalAccuracy = Column(CodingKeys.verticalAccuracy)
        public static let origin = Column(CodingKeys.origin)
    }
}

extension WorkoutRoutePointRecord: UserOwnedRecord {
    static var ownerColumn: Column { Columns.userId }
}

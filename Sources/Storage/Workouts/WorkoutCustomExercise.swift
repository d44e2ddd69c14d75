import Foundation
import GRDB
import Workouts

/// An exercise a user made up. Its name is the same in every language.
public struct WorkoutCustomExercise: Codable, Sendable, Equatable, Identifiable {
    public var id: String
    public var userId: Int64
    public var name: String
    public var nameKey: String
    public var createdAt: Date

    public init(id: UUID = UUID(), userId: Int64, name: String, createdAt: Date) {
        self.id = id.uuidString.lowercased()
        self.userId = userId
        self.name = name
        self.nameKey = ExerciseCatalog.matchKey(name)
        self.createdAt = createdAt
    }

    /// The exercise; reads skip rows whose id is not a UUID, so this throws only for a record built from one.
    public func exercise() throws(StoredRowError) -> Exercise {
        guard let uuid = UUID(uuidString: id) else { throw StoredRowError(table: Self.databaseTableName, column: "id", id: id) }
        return Exercise.custom(id: uuid, name: name)
    }
}

extension WorkoutCustomExercise: FetchableRecord, PersistableRecord, CheckedRecord {
    public static let databaseTableName = "workoutExercise"

    public enum Columns {
        public static let id = Column(CodingKeys.id)
        public static let userId = Column(CodingKeys.userId)
        public static let name = Column(CodingKeys.name)
        public static let nameKey = Column(CodingKeys.nameKey)
        public static let createdAt = Column(CodingKeys.createdAt)
    }

    public func check() throws(StoredRowError) {
        _ = try exercise()
    }
}

/// When a user last used an exercise and how often: the recent list, most recent first.
public struct WorkoutExerciseUsage: Codable, Sendable, Equatable {
    public var userId: Int64
    public var exerciseId: String
    public var lastUsedAt: Date
    public var useCount: Int
}

extension WorkoutExerciseUsage: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "workoutExerciseUsage"

    public enum Columns {
        public static let userId = Column(CodingKeys.userId)
        public static let exerciseId = Column(CodingKeys.exerciseId)
        public static let lastUsedAt = Column(CodingKeys.lastUsedAt)
        public static let useCount = Column(CodingKeys.useCount)
    }
}

extension WorkoutCustomExercise: UserOwnedRecord {
    static var ownerColumn: Column { Columns.userId }
}

extension WorkoutExerciseUsage: UserOwnedRecord {
    static var ownerColumn: Column { Columns.userId }
}

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

    public var exercise: Exercise {
        Exercise.custom(id: UUID(uuidString: id)!, name: name)
    }
}

extension WorkoutCustomExercise: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "workoutExercise"
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
}

import Foundation
import GRDB

extension AppDatabase {
    /// Creates a custom exercise, or returns the user's existing one with the same (folded) name.
    public func insertCustomExercise(_ exercise: WorkoutCustomExercise) async throws -> (exercise: WorkoutCustomExercise, created: Bool) {
        try await writer.write { db in
            if let existing = try WorkoutCustomExercise
                .owned(by: exercise.userId)
                .filter(WorkoutCustomExercise.Columns.nameKey == exercise.nameKey)
                .fetchFirstReadable(db)
            {
                return (existing, false)
            }
            try exercise.insert(db)
            return (exercise, true)
        }
    }

    public func customExercises(userId: Int64) async throws -> [WorkoutCustomExercise] {
        try await reader.read { db in
            try WorkoutCustomExercise.owned(by: userId).order(\.name).fetchReadable(db)
        }
    }

    /// Whether the user has a custom exercise with this id, inside a transaction a write has open.
    static func ownsCustomExercise(_ db: Database, id: String, userId: Int64) throws -> Bool {
        try WorkoutCustomExercise.owned(by: userId).filter(key: id).fetchCount(db) > 0
    }

    public func customExercise(id: String, userId: Int64) async throws -> WorkoutCustomExercise? {
        try await reader.read { db in
            try WorkoutCustomExercise.owned(by: userId).filter(key: id).fetchFirstReadable(db)
        }
    }

    /// The user's usage of every exercise they have used recently, by exercise id.
    public func exerciseUsage(userId: Int64) async throws -> [String: WorkoutExerciseUsage] {
        try await reader.read { db in
            let usage = try WorkoutExerciseUsage.owned(by: userId).fetchReadable(db)
            return Dictionary(uniqueKeysWithValues: usage.map { ($0.exerciseId, $0) })
        }
    }

    /// Recently used exercises, most recent first.
    public func recentExerciseUsage(userId: Int64, limit: Int, offset: Int) async throws -> [WorkoutExerciseUsage] {
        try await reader.read { db in
            try WorkoutExerciseUsage
                .owned(by: userId)
                .order { [$0.lastUsedAt.desc, $0.exerciseId] }
                .limit(limit, offset: offset)
                .fetchReadable(db)
        }
    }

    /// The user's chosen e1RM formula name, nil for the default.
    public func workoutFormulaName(userId: Int64) async throws -> String? {
        try await reader.read { db in
            try String.fetchOne(db, sql: "SELECT e1rmFormula FROM workoutPreference WHERE userId = ?", arguments: [userId])
        }
    }

    public func setWorkoutFormulaName(_ name: String, userId: Int64) async throws {
        try await writer.write { db in
            try db.execute(
                sql: "INSERT INTO workoutPreference (userId, e1rmFormula) VALUES (?, ?) ON CONFLICT (userId) DO UPDATE SET e1rmFormula = excluded.e1rmFormula",
                arguments: [userId, name]
            )
        }
    }
}

import Foundation
import GRDB
import Workouts

/// Renaming and deleting a user's own exercises. Each is one transaction that checks and writes, so a set logged or
/// an exercise made meanwhile cannot slip between the check and the change.
extension AppDatabase {
    /// Gives the exercise `name` (already validated) and its folded key. Refused when another of the owner's
    /// exercises has that key, or a name that folds to it: an exercise kept under an older fold by migration
    /// v19-workout-exercise-name-keys still owns its name.
    public func renameCustomExercise(id: String, userId: Int64, to name: String) async throws -> WorkoutCustomExerciseRename {
        try await writer.write { db in
            guard var exercise = try WorkoutCustomExercise.owned(by: userId).filter(key: id).fetchFirstReadable(db) else { return .notFound }
            let key = ExerciseCatalog.matchKey(name)
            let others = try WorkoutCustomExercise.owned(by: userId).filter(WorkoutCustomExercise.Columns.id != id).fetchReadable(db)
            if let holder = others.first(where: { $0.nameKey == key || ExerciseCatalog.matchKey($0.name) == key }) { return .nameTaken(holder) }
            exercise.name = name
            exercise.nameKey = key
            try exercise.update(db)
            return .renamed(exercise)
        }
    }

    /// Deletes the exercise when none of the owner's sets uses it. Its usage row goes with it (there is none once its
    /// last set is gone, but one left by an older version would keep it in the recent list).
    public func deleteCustomExercise(id: String, userId: Int64) async throws -> WorkoutCustomExerciseDeletion {
        try await writer.write { db in
            guard try Self.ownsCustomExercise(db, id: id, userId: userId) else { return .notFound }
            let sets = try WorkoutSetRecord.owned(by: userId).filter { $0.exerciseId == id }.fetchCount(db)
            guard sets == 0 else { return .inUse(sets: sets) }
            try WorkoutExerciseUsage.owned(by: userId).filter { $0.exerciseId == id }.deleteAll(db)
            try WorkoutCustomExercise.owned(by: userId).filter(key: id).deleteAll(db)
            return .deleted
        }
    }

    /// How many sets use each of the owner's custom exercises, by exercise id; one unused has no entry.
    public func customExerciseSetCounts(userId: Int64) async throws -> [String: Int] {
        try await reader.read { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT exerciseId, COUNT(*) AS sets FROM workoutSet
                    WHERE userId = ? AND exerciseId IN (SELECT id FROM workoutExercise WHERE userId = ?)
                    GROUP BY exerciseId
                    """,
                arguments: [userId, userId]
            )
            return Dictionary(uniqueKeysWithValues: rows.map { ($0["exerciseId"] as String, $0["sets"] as Int) })
        }
    }
}

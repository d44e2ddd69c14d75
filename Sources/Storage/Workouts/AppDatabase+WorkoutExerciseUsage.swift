import Foundation
import GRDB

/// An exercise's usage row says what the user's sets of it say: `useCount` is how many sets they have of it, and
/// `lastUsedAt` when the latest of them was performed. The contract's recent list is "ordered by last use", and a set
/// is a use of its exercise at its `performedAt`; the time the server happened to store it differs from that for a
/// set a phone queued offline, one back-dated in a form, or a history imported from a file.
extension AppDatabase {
    /// Counts one more set of its exercise. An exercise without a row (never used, or trimmed from the recent list)
    /// is counted from its sets, so one that comes back keeps the sets it already had.
    static func markUsed(_ db: Database, by set: WorkoutSetRecord) throws {
        try db.execute(
            sql: """
                UPDATE workoutExerciseUsage SET useCount = useCount + 1, lastUsedAt = max(lastUsedAt, ?)
                WHERE userId = ? AND exerciseId = ?
                """,
            arguments: [set.performedAt, set.userId, set.exerciseId]
        )
        if db.changesCount == 0 { try recountUsage(db, userId: set.userId, exerciseId: set.exerciseId) }
    }

    /// Sets an exercise's usage from the sets the user has of it, after one was deleted or moved; with none left
    /// the row goes and the exercise leaves the recent list.
    static func recountUsage(_ db: Database, userId: Int64, exerciseId: String) throws {
        try db.execute(sql: "DELETE FROM workoutExerciseUsage WHERE userId = ? AND exerciseId = ?", arguments: [userId, exerciseId])
        // GROUP BY: no sets give no row (an aggregate alone would give one of NULLs).
        try db.execute(
            sql: """
                INSERT INTO workoutExerciseUsage (userId, exerciseId, lastUsedAt, useCount)
                SELECT userId, exerciseId, MAX(performedAt), COUNT(*) FROM workoutSet
                WHERE userId = ? AND exerciseId = ? GROUP BY userId, exerciseId
                """,
            arguments: [userId, exerciseId]
        )
    }
}

import GRDB

extension Migrations {
    /// Rebuilds every exercise usage row from the sets, once. Before, a row counted every set ever logged (deleted
    /// ones too) and kept when the server stored the latest, so a recent list read "7 uses" with 6 sets left.
    /// From here on `useCount` is the number of sets and `lastUsedAt` the latest `performedAt`. Each user keeps the
    /// 100 most recently used exercises, the recent list's size when this migration was written.
    static func workoutUsageFromSets(_ db: Database) throws {
        try db.execute(sql: "DELETE FROM workoutExerciseUsage")
        try db.execute(sql: """
            INSERT INTO workoutExerciseUsage (userId, exerciseId, lastUsedAt, useCount)
            SELECT userId, exerciseId, lastUsedAt, useCount FROM (
                SELECT userId, exerciseId, MAX(performedAt) AS lastUsedAt, COUNT(*) AS useCount,
                       ROW_NUMBER() OVER (PARTITION BY userId ORDER BY MAX(performedAt) DESC, exerciseId) AS position
                FROM workoutSet GROUP BY userId, exerciseId)
            WHERE position <= 100
            """)
    }
}

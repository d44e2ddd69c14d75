import GRDB

extension Migrations {
    /// Workouts: BulkTrack devices and their tokens, custom exercises, sets, idempotency keys, recent-exercise
    /// usage and the e1RM preference. Every row is owned by a user and goes when the account goes.
    static func workouts(_ db: Database) throws {
        // Users created by a device's first `POST /v1/auth/device`: anonymous until linked to a web account.
        try db.create(table: "workoutDeviceUser") { t in
            t.primaryKey("userId", .integer).references("user", onDelete: .cascade)
            t.column("createdAt", .datetime).notNull()
        }
        try db.create(table: "workoutDevice") { t in
            t.primaryKey("deviceId", .text)
            t.belongsTo("user", onDelete: .cascade).notNull()
            t.column("createdAt", .datetime).notNull()
            t.column("lastSeenAt", .datetime).notNull()
        }
        // Access and refresh tokens, SHA-256 hashed. A rotated refresh token is kept (rotatedAt set) until it
        // expires, so presenting it again is recognised as reuse rather than as an unknown token.
        try db.create(table: "workoutDeviceToken") { t in
            t.autoIncrementedPrimaryKey("id")
            t.belongsTo("user", onDelete: .cascade).notNull()
            t.column("deviceId", .text).notNull()
            t.column("kind", .text).notNull()
            t.column("tokenHash", .text).notNull().unique()
            t.column("createdAt", .datetime).notNull()
            t.column("expiresAt", .datetime).notNull()
            t.column("rotatedAt", .datetime)
            t.column("revokedAt", .datetime)
        }
        try db.create(index: "workoutDeviceToken_byUserDevice", on: "workoutDeviceToken", columns: ["userId", "deviceId"])
        try db.create(table: "workoutExercise") { t in
            t.primaryKey("id", .text)
            t.belongsTo("user", onDelete: .cascade).notNull()
            t.column("name", .text).notNull()
            // The name folded for matching, so "bench  press" and "Bench Press" are one exercise.
            t.column("nameKey", .text).notNull()
            t.column("createdAt", .datetime).notNull()
            t.uniqueKey(["userId", "nameKey"])
        }
        try db.create(table: "workoutSet") { t in
            t.primaryKey("id", .text)
            t.belongsTo("user", onDelete: .cascade).notNull()
            t.column("exerciseId", .text).notNull()
            t.column("setNumber", .integer).notNull()
            t.column("weight", .double).notNull()
            t.column("reps", .integer).notNull()
            t.column("rpe", .double)
            t.column("notes", .text)
            t.column("performedAt", .datetime).notNull()
            // The local day (YYYY-MM-DD) in the owner's time zone when the set was logged: set numbers, history
            // and week buckets all count in it.
            t.column("day", .text).notNull()
            t.column("week", .text).notNull()
            t.column("createdAt", .datetime).notNull()
            t.column("updatedAt", .datetime).notNull()
        }
        // Covering index for day totals (history); and one that serves "a day's sets in order" without a scan of
        // every set the user has (without it SQLite walked the performedAt index: 13 ms instead of 0.1 ms at 50,000 sets).
        try db.create(index: "workoutSet_byUserDay", on: "workoutSet", columns: ["userId", "day", "exerciseId", "reps", "weight", "performedAt"])
        try db.create(index: "workoutSet_byUserDayPerformed", on: "workoutSet", columns: ["userId", "day", "performedAt"])
        try db.create(index: "workoutSet_byUserExercise", on: "workoutSet", columns: ["userId", "exerciseId", "reps", "weight"])
        // For the week-total triggers' look-up of a group's heaviest set.
        try db.create(index: "workoutSet_byUserWeek", on: "workoutSet", columns: ["userId", "week", "exerciseId", "reps", "weight"])
        try db.create(index: "workoutSet_byUserPerformed", on: "workoutSet", columns: ["userId", "performedAt"])
        // Week totals per exercise and rep count, kept by triggers on every insert, update and delete of a set, so a
        // 52-week dashboard reads a few thousand rows instead of summing 50,000 sets per request.
        try db.execute(sql: """
            CREATE TABLE workoutWeekTotal (
                userId INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
                week TEXT NOT NULL, exerciseId TEXT NOT NULL, reps INTEGER NOT NULL,
                setCount INTEGER NOT NULL, weightSum REAL NOT NULL, maxWeight REAL NOT NULL,
                PRIMARY KEY (userId, week, exerciseId, reps)
            ) WITHOUT ROWID
            """)
        let addNew = """
            INSERT INTO workoutWeekTotal (userId, week, exerciseId, reps, setCount, weightSum, maxWeight)
            VALUES (NEW.userId, NEW.week, NEW.exerciseId, NEW.reps, 1, NEW.weight, NEW.weight)
            ON CONFLICT (userId, week, exerciseId, reps) DO UPDATE SET
                setCount = setCount + 1, weightSum = weightSum + excluded.weightSum, maxWeight = max(maxWeight, excluded.maxWeight);
            """
        // Removing never inserts (a cascade from a deleted user must not re-create rows); the maximum is looked up
        // again only when the removed set was the heaviest.
        let removeOld = """
            UPDATE workoutWeekTotal SET setCount = setCount - 1, weightSum = weightSum - OLD.weight,
                maxWeight = CASE WHEN OLD.weight < maxWeight THEN maxWeight ELSE coalesce((
                    SELECT MAX(weight) FROM workoutSet
                    WHERE userId = OLD.userId AND week = OLD.week AND exerciseId = OLD.exerciseId AND reps = OLD.reps), 0) END
            WHERE userId = OLD.userId AND week = OLD.week AND exerciseId = OLD.exerciseId AND reps = OLD.reps;
            DELETE FROM workoutWeekTotal
            WHERE userId = OLD.userId AND week = OLD.week AND exerciseId = OLD.exerciseId AND reps = OLD.reps AND setCount <= 0;
            """
        try db.execute(sql: "CREATE TRIGGER workoutSet_weekTotalInsert AFTER INSERT ON workoutSet BEGIN \(addNew) END")
        try db.execute(sql: "CREATE TRIGGER workoutSet_weekTotalDelete AFTER DELETE ON workoutSet BEGIN \(removeOld) END")
        try db.execute(sql: """
            CREATE TRIGGER workoutSet_weekTotalUpdate AFTER UPDATE OF userId, week, exerciseId, reps, weight ON workoutSet
            BEGIN \(removeOld) \(addNew) END
            """)
        // Client retries: the key a create came with, and the set it made.
        try db.create(table: "workoutIdempotencyKey") { t in
            t.belongsTo("user", onDelete: .cascade).notNull()
            t.column("key", .text).notNull()
            t.column("setId", .text).notNull().references("workoutSet", onDelete: .cascade)
            t.column("createdAt", .datetime).notNull()
            t.primaryKey(["userId", "key"])
        }
        try db.create(index: "workoutIdempotencyKey_bySet", on: "workoutIdempotencyKey", columns: ["setId"])
        try db.create(table: "workoutExerciseUsage") { t in
            t.belongsTo("user", onDelete: .cascade).notNull()
            t.column("exerciseId", .text).notNull()
            t.column("lastUsedAt", .datetime).notNull()
            t.column("useCount", .integer).notNull()
            t.primaryKey(["userId", "exerciseId"])
        }
        try db.create(index: "workoutExerciseUsage_byRecent", on: "workoutExerciseUsage", columns: ["userId", "lastUsedAt"])
        try db.create(table: "workoutPreference") { t in
            t.primaryKey("userId", .integer).references("user", onDelete: .cascade)
            t.column("e1rmFormula", .text).notNull()
        }
    }
}

import Foundation
import GRDB
import Health
import Workouts

extension AppDatabase {
    /// How many exercises the recent list keeps per user (the app's LRU size).
    public static let recentExerciseLimit = 100

    /// Stores a set, numbers it within its exercise and day, and counts it as a use of its exercise; `inbox` (a
    /// personal-record message) goes in with it, in the same transaction. With an idempotency key already seen, stores nothing and
    /// returns the set that key made (`created` false); with the key of a set since deleted, stores nothing and throws
    /// `WorkoutSetStoreError.keyOfDeletedSet`.
    public func insertWorkoutSet(
        _ set: WorkoutSetRecord, idempotencyKey: String?, now: Date, inbox: InboxMessage? = nil
    ) async throws -> (set: WorkoutSetRecord, created: Bool) {
        try await writer.write { db in
            let outcome = try Self.insertSet(db, set, idempotencyKey: idempotencyKey, now: now)
            if outcome.created, var message = inbox { try message.insert(db) }
            return outcome
        }
    }

    /// Stores many sets in one transaction (imports). A row is skipped when its key was seen before or when the owner
    /// already has that set (`storedSet(sameAs:)`), so a file imported twice, or Kiroku's own export imported back,
    /// adds nothing; the skipped row's key is then kept for the set it matched. Returns how many were new.
    public func insertWorkoutSets(_ sets: [(set: WorkoutSetRecord, key: String)], now: Date) async throws -> Int {
        try await writer.write { db in
            var created = 0
            // Sets this batch made or matched: each stored set stands for at most one row, so a file's two identical
            // sets are two sets.
            var claimed: Set<String> = []
            for (set, key) in sets {
                if let keyed = try Self.keyedSet(db, userId: set.userId, key: key) {
                    claimed.insert(keyed.id)
                } else if let same = try Self.storedSet(sameAs: set, excluding: claimed, db) {
                    claimed.insert(same)
                    try db.execute(
                        sql: "INSERT OR REPLACE INTO workoutIdempotencyKey (userId, key, setId, createdAt) VALUES (?, ?, ?, ?)",
                        arguments: [set.userId, key, same, now]
                    )
                } else {
                    claimed.insert(try Self.insertSet(db, set, idempotencyKey: key, now: now, batch: true).set.id)
                    created += 1
                }
            }
            if let userId = sets.first?.set.userId {
                try Self.trimRecentUsage(db, userId: userId)
                try Self.renumberAllSets(db, userId: userId)
            }
            return created
        }
    }

    public func workoutSet(id: String, userId: Int64) async throws -> WorkoutSetRecord? {
        try await reader.read { db in
            try WorkoutSetRecord.owned(by: userId).filter(key: id).fetchFirstReadable(db)
        }
    }

    /// Saves changed fields of a set the user owns, renumbers the days it left and joined, and recounts the usage of
    /// the exercises it left and joined when it moved to another exercise or time.
    public func updateWorkoutSet(_ set: WorkoutSetRecord) async throws -> WorkoutSetRecord? {
        try await writer.write { db in
            guard let before = try WorkoutSetRecord.owned(by: set.userId).filter(key: set.id).fetchFirstReadable(db) else { return nil }
            if before.exerciseId != set.exerciseId { try Self.requireExercise(db, set) }
            try set.update(db)
            try Self.renumberSets(db, userId: set.userId, exerciseId: before.exerciseId, day: before.day)
            try Self.renumberSets(db, userId: set.userId, exerciseId: set.exerciseId, day: set.day)
            if before.exerciseId != set.exerciseId || before.performedAt != set.performedAt {
                try Self.recountUsage(db, userId: set.userId, exerciseId: before.exerciseId)
                if before.exerciseId != set.exerciseId {
                    try Self.recountUsage(db, userId: set.userId, exerciseId: set.exerciseId)
                    try Self.trimRecentUsage(db, userId: set.userId)
                }
            }
            return try WorkoutSetRecord.filter(key: set.id).fetchFirstReadable(db)
        }
    }

    /// Deletes a set the user owns; false when there is none (another user's id included). The keys it was created
    /// with are kept as tombstones, so a phone resending that create later gets `keyOfDeletedSet`, not the set again.
    public func deleteWorkoutSet(id: String, userId: Int64, now: Date) async throws -> Bool {
        try await writer.write { db in
            // Deleting goes by the columns alone, so a set whose row cannot be read can still be removed.
            guard let set = try Row.fetchOne(db, WorkoutSetRecord.owned(by: userId).filter(key: id).select { [$0.exerciseId, $0.day] })
            else { return false }
            try Self.keepKeys(ofDeletedSet: id, userId: userId, now: now, db)
            try WorkoutSetRecord.deleteOne(db, key: id)
            let exerciseId: String? = set["exerciseId"], day: String? = set["day"]
            if let exerciseId, let day { try Self.renumberSets(db, userId: userId, exerciseId: exerciseId, day: day) }
            // The set no longer counts as a use of its exercise.
            if let exerciseId { try Self.recountUsage(db, userId: userId, exerciseId: exerciseId) }
            return true
        }
    }

    public func workoutSets(userId: Int64, query: WorkoutSetQuery) async throws -> [WorkoutSetRecord] {
        try await reader.read { db in
            var request = WorkoutSetRecord.owned(by: userId)
            if let day = query.day { request = request.filter { $0.day == day } }
            if let exerciseId = query.exerciseId { request = request.filter { $0.exerciseId == exerciseId } }
            request = query.newestFirst
                ? request.order { [$0.performedAt.desc, Column.rowID.desc] }
                : request.order { [$0.performedAt, Column.rowID] }
            return try request.limit(query.limit, offset: query.offset).fetchReadable(db)
        }
    }

    /// Every set of the user, oldest first, for export.
    public func allWorkoutSets(userId: Int64) async throws -> [WorkoutSetRecord] {
        try await reader.read { db in
            try WorkoutSetRecord.owned(by: userId).order { [$0.performedAt, Column.rowID] }.fetchReadable(db)
        }
    }

    /// Per day, exercise and rep count totals for days in [from, through].
    public func workoutSetGroups(userId: Int64, from: LocalDay, through: LocalDay) async throws -> [SetGroup] {
        try await reader.read { db in
            try Self.groups(db, where: "day >= ? AND day <= ?", arguments: [userId, from.description, through.description])
        }
    }

    /// Per week, exercise and rep count totals for the weeks whose Monday is in [from, through] — what dashboards
    /// are computed from, read from the trigger-kept `workoutWeekTotal`. Each group's `day` is its week's Monday
    /// (`firstPerformedAt` is not kept there; dashboards do not need it).
    public func workoutWeekGroups(userId: Int64, from: LocalDay, through: LocalDay) async throws -> [SetGroup] {
        try await reader.read { db in
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT week, exerciseId, reps, setCount, weightSum, maxWeight
                    FROM workoutWeekTotal WHERE userId = ? AND week >= ? AND week <= ?
                    """,
                arguments: [userId, from.startOfWeek.description, through.description]
            )
            return try Self.decodeGroups(rows)
        }
    }

    /// The user's training days, newest first, a page at a time.
    public func workoutDays(userId: Int64, limit: Int, offset: Int) async throws -> [LocalDay] {
        try await reader.read { db in
            try String.fetchAll(
                db, WorkoutSetRecord.owned(by: userId).select(\.day).distinct().order(\.day.desc).limit(limit, offset: offset)
            ).compactMap(LocalDay.init)
        }
    }

    /// Totals for the given days (one history page).
    public func workoutSetGroups(userId: Int64, days: [LocalDay]) async throws -> [SetGroup] {
        guard !days.isEmpty else { return [] }
        return try await reader.read { db in
            let placeholders = Array(repeating: "?", count: days.count).joined(separator: ",")
            return try Self.groups(db, where: "day IN (\(placeholders))", arguments: StatementArguments([userId] + days.map(\.description)))
        }
    }

    /// The heaviest weight of each rep count the user has lifted in the exercise, leaving out one set (the new one).
    public func maxWeightByReps(userId: Int64, exerciseId: String, excluding setId: String) async throws -> [Int: Double] {
        try await reader.read { db in
            let rows = try Row.fetchAll(
                db,
                sql: "SELECT reps, MAX(weight) AS best FROM workoutSet WHERE userId = ? AND exerciseId = ? AND id != ? GROUP BY reps",
                arguments: [userId, exerciseId, setId]
            )
            return Dictionary(uniqueKeysWithValues: rows.map { ($0["reps"] as Int, $0["best"] as Double) })
        }
    }

    /// The user's most recent set of an exercise with at least `minimumReps` reps, to pre-fill or repeat the next
    /// one (1 leaves out failed sets, which are no set to repeat).
    public func lastWorkoutSet(userId: Int64, exerciseId: String, minimumReps: Int = 0) async throws -> WorkoutSetRecord? {
        try await reader.read { db in
            try WorkoutSetRecord
                .owned(by: userId)
                .filter { $0.exerciseId == exerciseId && $0.reps >= minimumReps }
                .order { [$0.performedAt.desc, Column.rowID.desc] }
                .fetchFirstReadable(db)
        }
    }

    public func workoutSetCount(userId: Int64) async throws -> Int {
        try await reader.read { db in try WorkoutSetRecord.owned(by: userId).fetchCount(db) }
    }

    private static func groups(_ db: Database, where condition: String, arguments: StatementArguments) throws -> [SetGroup] {
        let rows = try Row.fetchCursor(
            db,
            sql: """
                SELECT day, exerciseId, reps, COUNT(*) AS setCount, SUM(weight) AS weightSum, MAX(weight) AS maxWeight,
                       MIN(performedAt) AS firstPerformedAt
                FROM workoutSet WHERE userId = ? AND \(condition)
                GROUP BY day, exerciseId, reps
                """,
            arguments: arguments
        )
        return try decodeGroups(rows)
    }

    /// Rows of (day or week, exerciseId, reps, setCount, weightSum, maxWeight[, firstPerformedAt]) as groups.
    /// Columns are read by position and ids parsed once per distinct string: this runs once per group, thousands of
    /// times for a year, and GRDB's by-name lookup and UUID parsing were most of a dashboard's time.
    private static func decodeGroups(_ rows: RowCursor) throws -> [SetGroup] {
        var groups: [SetGroup] = []
        var days: [String: LocalDay] = [:]
        var exercises: [String: UUID] = [:]
        while let row = try rows.next() {
            let dayText: String = row[0]
            let exerciseText: String = row[1]
            // A group of rows that cannot be read (a day that is no date, an unreadable time) is left out like the rows.
            let firstPerformedAt = row.count > 6 ? try? row.decode(Date.self, atIndex: 6) : .distantPast
            guard let day = days[dayText] ?? LocalDay(dayText), let exerciseId = exercises[exerciseText] ?? UUID(uuidString: exerciseText),
                  let firstPerformedAt
            else { continue }
            days[dayText] = day
            exercises[exerciseText] = exerciseId
            groups.append(SetGroup(
                day: day, exerciseId: exerciseId, reps: row[2], setCount: row[3], weightSum: row[4], maxWeight: row[5],
                firstPerformedAt: firstPerformedAt
            ))
        }
        return groups
    }

    private static func insertSet(
        _ db: Database, _ set: WorkoutSetRecord, idempotencyKey: String?, now: Date, batch: Bool = false
    ) throws -> (set: WorkoutSetRecord, created: Bool) {
        if let idempotencyKey {
            if let existing = try keyedSet(db, userId: set.userId, key: idempotencyKey) { return (existing, false) }
            if try isKeyOfDeletedSet(db, userId: set.userId, key: idempotencyKey) { throw WorkoutSetStoreError.keyOfDeletedSet }
        }
        try requireExercise(db, set)
        try set.insert(db)
        if let idempotencyKey {
            try db.execute(
                sql: "INSERT OR REPLACE INTO workoutIdempotencyKey (userId, key, setId, createdAt) VALUES (?, ?, ?, ?)",
                arguments: [set.userId, idempotencyKey, set.id, now]
            )
        }
        try markUsed(db, by: set)
        // A batch trims the recent list and numbers its sets once at the end, not once per set.
        if batch { return (set, true) }
        try trimRecentUsage(db, userId: set.userId)
        try renumberSets(db, userId: set.userId, exerciseId: set.exerciseId, day: set.day)
        return (try WorkoutSetRecord.filter(key: set.id).fetchFirstReadable(db) ?? set, true)
    }

    /// Refuses a set whose exercise is neither official nor one of its owner's own. The service looked the exercise up
    /// before this transaction; checking again inside it keeps a set from pointing at a custom exercise deleted
    /// in between (the delete, in its own transaction, saw no set using it).
    private static func requireExercise(_ db: Database, _ set: WorkoutSetRecord) throws {
        if let id = UUID(uuidString: set.exerciseId), ExerciseCatalog.exercise(id: id) != nil { return }
        guard try ownsCustomExercise(db, id: set.exerciseId, userId: set.userId) else {
            throw WorkoutSetStoreError.unknownExercise
        }
    }

    /// Keeps the recent list to the newest `recentExerciseLimit` exercises.
    static func trimRecentUsage(_ db: Database, userId: Int64) throws {
        try db.execute(sql: """
            DELETE FROM workoutExerciseUsage WHERE userId = ? AND exerciseId NOT IN (
                SELECT exerciseId FROM workoutExerciseUsage WHERE userId = ? ORDER BY lastUsedAt DESC LIMIT ?)
            """, arguments: [userId, userId, recentExerciseLimit])
    }

    /// Numbers the user's sets of one exercise on one day 1, 2, 3… in the order performed.
    static func renumberSets(_ db: Database, userId: Int64, exerciseId: String, day: String) throws {
        try renumber(db, userId: userId, condition: "AND exerciseId = ? AND day = ?", arguments: [exerciseId, day])
    }

    /// Numbers every set of the user (after a batch): one statement, however many days and exercises.
    static func renumberAllSets(_ db: Database, userId: Int64) throws {
        try renumber(db, userId: userId, condition: "", arguments: [])
    }

    private static func renumber(_ db: Database, userId: Int64, condition: String, arguments: StatementArguments) throws {
        try db.execute(
            sql: """
                UPDATE workoutSet SET setNumber = numbered.position
                FROM (SELECT id, ROW_NUMBER() OVER (PARTITION BY exerciseId, day ORDER BY performedAt, rowid) AS position
                      FROM workoutSet WHERE userId = ? \(condition)) AS numbered
                WHERE workoutSet.id = numbered.id AND workoutSet.setNumber != numbered.position
                """,
            arguments: [userId] + arguments
        )
    }
}

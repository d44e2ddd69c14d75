import Foundation
import GRDB

/// Why a set was not stored.
public enum WorkoutSetStoreError: Error, Equatable, Sendable {
    /// Its idempotency key made a set that the owner has since deleted: a late retry must not bring it back.
    case keyOfDeletedSet
    /// Its exercise is neither an official one nor one of the owner's own: deleted since the request looked it up.
    case unknownExercise
}

/// How a set that arrives again is recognised: by the key its client sent (a phone's outbox, the web form, an
/// import row), by the key of a set since deleted, and, for imports, by what the set is.
extension AppDatabase {
    /// The prefix of the keys imports give their rows. Deleting an imported set keeps no tombstone for it: someone
    /// who deletes what a file brought in (imported in the wrong unit, say) must be able to import the file again.
    public static let importKeyPrefix = "import:"

    /// The set the owner's key made, when it is still there and readable.
    static func keyedSet(_ db: Database, userId: Int64, key: String) throws -> WorkoutSetRecord? {
        guard let setId = try String.fetchOne(
            db, sql: "SELECT setId FROM workoutIdempotencyKey WHERE userId = ? AND key = ?", arguments: [userId, key]
        ) else { return nil }
        return try WorkoutSetRecord.filter(key: setId).fetchFirstReadable(db)
    }

    static func isKeyOfDeletedSet(_ db: Database, userId: Int64, key: String) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT COUNT(*) > 0 FROM workoutDeletedSetKey WHERE userId = ? AND key = ?", arguments: [userId, key]) ?? false
    }

    /// Keeps the keys of a set about to be deleted (only the keys: nothing of the set itself).
    static func keepKeys(ofDeletedSet setId: String, userId: Int64, now: Date, _ db: Database) throws {
        try db.execute(sql: """
            INSERT OR REPLACE INTO workoutDeletedSetKey (userId, key, deletedAt)
            SELECT userId, key, ? FROM workoutIdempotencyKey WHERE userId = ? AND setId = ? AND key NOT GLOB ?
            """, arguments: [now, userId, setId, importKeyPrefix + "*"])
    }

    /// The owner's stored set that an imported row is, leaving out sets already `claimed` by other rows: the same
    /// exercise, reps and weight, performed within a second of the row: CSV times are whole seconds (a set logged at
    /// 18:30:05.7 is written 18:30:05), so the window is a second either side and the closest set wins.
    /// `workoutSet_byUserPerformed` serves the look-up.
    static func storedSet(sameAs set: WorkoutSetRecord, excluding claimed: Set<String>, _ db: Database) throws -> String? {
        let rows = try Row.fetchAll(db, sql: """
            SELECT id, performedAt FROM workoutSet
            WHERE userId = ? AND performedAt >= ? AND performedAt < ? AND exerciseId = ? AND reps = ? AND abs(weight - ?) < 0.0005
            """, arguments: [
                set.userId, set.performedAt.addingTimeInterval(-1), set.performedAt.addingTimeInterval(1), set.exerciseId, set.reps, set.weight,
            ])
        return rows
            .compactMap { row -> (id: String, distance: TimeInterval)? in
                let id: String = row["id"]
                guard !claimed.contains(id), let performedAt = try? row.decode(Date.self, forColumn: "performedAt") else { return nil }
                return (id, abs(performedAt.timeIntervalSince(set.performedAt)))
            }
            .min { ($0.distance, $0.id) < ($1.distance, $1.id) }?
            .id
    }
}

import Foundation
import GRDB
import Health
@testable import Storage
import Testing
import Workouts

/// Custom exercises' name keys were stored width-folded to half-width katakana ("ﾏｲﾌﾟﾚｽ"); keys are now folded to
/// full-width katakana with hiragana as katakana, so migration `v19-workout-exercise-name-keys` makes them again,
/// or typing a stored exercise's name would make a second one.
@Suite struct WorkoutExerciseNameKeysTests {
    let now = Date(timeIntervalSince1970: 1_780_000_000)

    /// A database as the previous code left it: exercises with the keys it computed, the migration not yet run.
    func oldDatabase(_ exercises: [(name: String, oldKey: String)]) async throws -> (AppDatabase, Int64, [String]) {
        let old = try AppDatabase.temporary()
        let user = try await old.createUser(User(username: "hanako", passwordHash: "x", createdAt: now))
        let ids = exercises.map { _ in UUID().uuidString.lowercased() }
        try await old.writer.write { [now] db in
            for (offset, exercise) in exercises.enumerated() {
                let id = ids[offset]
                try db.execute(
                    sql: "INSERT INTO workoutExercise (id, userId, name, nameKey, createdAt) VALUES (?, ?, ?, ?, ?)",
                    arguments: [id, user.id!, exercise.name, exercise.oldKey, now.addingTimeInterval(Double(offset))]
                )
            }
            try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = 'v19-workout-exercise-name-keys'")
        }
        return (try AppDatabase.open(path: old.writer.path), user.id!, ids)
    }

    @Test func aKatakanaNameStoredBeforeIsFoundWhenTypedAgainInHiragana() async throws {
        let (database, userId, ids) = try await oldDatabase([(name: "マイプレス", oldKey: "ﾏｲﾌﾟﾚｽ"), (name: "Zercher Squat", oldKey: "zerchersquat")])
        let again = try await database.insertCustomExercise(WorkoutCustomExercise(userId: userId, name: "まいぷれす", createdAt: now))
        #expect(!again.created && again.exercise.id == ids[0], "the stored exercise, not a second one")
        #expect(try await database.customExercises(userId: userId).map(\.name) == ["Zercher Squat", "マイプレス"])
    }

    @Test func twoExercisesThatNowFoldAlikeAreBothKept() async throws {
        let (database, userId, ids) = try await oldDatabase([(name: "マイプレス", oldKey: "ﾏｲﾌﾟﾚｽ"), (name: "まいぷれす", oldKey: "まいぷれす")])
        #expect(Set(try await database.customExercises(userId: userId).map(\.id)) == Set(ids))
        let again = try await database.insertCustomExercise(WorkoutCustomExercise(userId: userId, name: "ﾏｲﾌﾟﾚｽ", createdAt: now))
        #expect(!again.created && again.exercise.id == ids[0], "the older one takes the key")
    }
}

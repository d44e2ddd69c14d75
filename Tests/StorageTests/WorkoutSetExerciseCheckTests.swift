import Foundation
import GRDB
import Health
import Storage
import Testing
import Workouts

/// A set is stored only under an exercise that exists for its owner when the set's transaction runs. The service
/// looks the exercise up first, in a read of its own; a custom exercise deleted between that read and the insert (the
/// delete saw no set using it) left a set naming no exercise, missing from history, dashboard and exports.
@Suite struct WorkoutSetExerciseCheckTests {
    let now = Date(timeIntervalSince1970: 1_780_000_000)

    func set(_ userId: Int64, _ exercise: UUID, minutes: Double = 0) -> WorkoutSetRecord {
        WorkoutSetRecord(
            userId: userId,
            input: SetInput(exerciseId: exercise, weight: 60, reps: 5, performedAt: now.addingTimeInterval(minutes * 60)),
            day: LocalDay("2026-11-20")!, now: now
        )
    }

    func user(_ database: AppDatabase, _ name: String) async throws -> Int64 {
        try await database.createUser(User(username: name, passwordHash: "!", createdAt: now)).savedId
    }

    @Test func aSetForACustomExerciseDeletedMeanwhileIsRefusedAndNothingIsStored() async throws {
        let database = try AppDatabase.temporary()
        let userId = try await user(database, "hanako")
        let exercise = try await database.insertCustomExercise(WorkoutCustomExercise(userId: userId, name: "Zercher Squat", createdAt: now)).exercise
        let looked = try #require(UUID(uuidString: exercise.id))
        // What the delete sees: no set uses it yet.
        #expect(try await database.deleteCustomExercise(id: exercise.id, userId: userId) == .deleted)

        await #expect(throws: WorkoutSetStoreError.unknownExercise) {
            try await database.insertWorkoutSet(set(userId, looked), idempotencyKey: "phone-1", now: now)
        }
        await #expect(throws: WorkoutSetStoreError.unknownExercise) {
            try await database.insertWorkoutSets([(set(userId, looked), "import:1")], now: now)
        }
        #expect(try await database.workoutSetCount(userId: userId) == 0)
        #expect(try await database.exerciseUsage(userId: userId).isEmpty, "no use counted for it either")
    }

    @Test func aSetMovedToAnExerciseThatIsGoneKeepsItsOwn() async throws {
        let database = try AppDatabase.temporary()
        let userId = try await user(database, "hanako")
        let otherId = try await user(database, "taro")
        let bench = try #require(ExerciseCatalog.match(name: "Bench Press")).id
        let stored = try await database.insertWorkoutSet(set(userId, bench), idempotencyKey: nil, now: now).set
        let theirs = try await database.insertCustomExercise(WorkoutCustomExercise(userId: otherId, name: "Zercher Squat", createdAt: now)).exercise

        var moved = stored
        moved.exerciseId = theirs.id
        await #expect(throws: WorkoutSetStoreError.unknownExercise, "another user's exercise is none of hers") {
            try await database.updateWorkoutSet(moved)
        }
        #expect(try await database.workoutSet(id: stored.id, userId: userId)?.exerciseId == bench.uuidString.lowercased())

        // Her own exercise and the official ones are taken as before.
        let own = try await database.insertCustomExercise(WorkoutCustomExercise(userId: userId, name: "Zercher Squat", createdAt: now)).exercise
        moved.exerciseId = own.id
        #expect(try await database.updateWorkoutSet(moved)?.exerciseId == own.id)
        let squat = try #require(ExerciseCatalog.match(name: "Squat")).id
        #expect(try await database.insertWorkoutSet(set(userId, squat, minutes: 5), idempotencyKey: nil, now: now).created)
    }
}

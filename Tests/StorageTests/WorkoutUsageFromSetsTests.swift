import Foundation
import GRDB
import Health
@testable import Storage
import Testing
import Workouts

/// Usage rows kept before migration `v14-workout-usage-from-sets` counted deleted sets and held the time the server
/// stored the latest; the migration recounts them from the sets that remain, for every user.
@Suite struct WorkoutUsageFromSetsTests {
    let now = Date(timeIntervalSince1970: 1_780_000_000)
    let bench = ExerciseCatalog.match(name: "Bench Press")!.id
    let squat = ExerciseCatalog.match(name: "Squat")!.id

    func set(_ userId: Int64, _ exercise: UUID, minutes: Double) -> WorkoutSetRecord {
        WorkoutSetRecord(
            userId: userId,
            input: SetInput(exerciseId: exercise, weight: 100, reps: 5, performedAt: now.addingTimeInterval(minutes * 60)),
            day: LocalDay(now, in: TimeZone(identifier: "UTC")!), now: now
        )
    }

    @Test func theMigrationRecountsUsageFromTheSetsThatRemain() async throws {
        let old = try AppDatabase.temporary()
        let alice = try await old.createUser(User(username: "alice", passwordHash: "x", createdAt: now))
        let bob = try await old.createUser(User(username: "bob", passwordHash: "x", createdAt: now))
        for minutes in 0..<6 { _ = try await old.insertWorkoutSet(set(alice.id!, bench, minutes: Double(minutes)), idempotencyKey: nil, now: now) }
        _ = try await old.insertWorkoutSet(set(bob.id!, bench, minutes: 30), idempotencyKey: nil, now: now)
        let benchId = bench.uuidString.lowercased(), squatId = squat.uuidString.lowercased()
        // What the old code left: seven uses of six sets, stamped an hour after they were performed, and a squat row
        // whose only set was deleted.
        try await old.writer.write { db in
            try db.execute(sql: "DELETE FROM workoutExerciseUsage")
            try db.execute(
                sql: "INSERT INTO workoutExerciseUsage (userId, exerciseId, lastUsedAt, useCount) VALUES (?, ?, ?, 7), (?, ?, ?, 1)",
                arguments: [alice.id!, benchId, now.addingTimeInterval(3600), alice.id!, squatId, now.addingTimeInterval(7200)]
            )
            try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = 'v14-workout-usage-from-sets'")
        }
        let migrated = try AppDatabase.open(path: old.writer.path)
        let aliceUsage = try await migrated.exerciseUsage(userId: alice.id!)
        #expect(aliceUsage[benchId]?.useCount == 6)
        #expect(aliceUsage[benchId]?.lastUsedAt == now.addingTimeInterval(5 * 60))
        #expect(aliceUsage[squatId] == nil)
        let bobUsage = try await migrated.exerciseUsage(userId: bob.id!)
        #expect(bobUsage[benchId]?.useCount == 1, "every user is recounted, and only from their own sets")
        #expect(bobUsage[benchId]?.lastUsedAt == now.addingTimeInterval(30 * 60))
    }
}

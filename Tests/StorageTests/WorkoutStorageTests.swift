import Foundation
import GRDB
import Health
import Storage
import Testing
import Workouts

@Suite struct WorkoutStorageTests {
    let now = Date(timeIntervalSince1970: 1_780_000_000)
    let bench = ExerciseCatalog.match(name: "Bench Press")!.id
    let squat = ExerciseCatalog.match(name: "Squat")!.id

    func set(_ userId: Int64, _ exercise: UUID, _ weight: Double, _ reps: Int, minutes: Double, day: String = "2026-11-20") -> WorkoutSetRecord {
        WorkoutSetRecord(
            userId: userId,
            input: SetInput(exerciseId: exercise, weight: weight, reps: reps, performedAt: now.addingTimeInterval(minutes * 60)),
            day: LocalDay(day)!, now: now
        )
    }

    func pair(_ name: String, at now: Date) -> WorkoutTokenPair {
        WorkoutTokenPair(accessHash: "a-\(name)", refreshHash: "r-\(name)", accessExpiresAt: now.addingTimeInterval(3600), refreshExpiresAt: now.addingTimeInterval(90 * 86_400))
    }

    func anonymous() -> User {
        User(username: "device:\(UUID().uuidString.prefix(12))", passwordHash: "!", createdAt: now)
    }

    @Test func setsAreNumberedPerExercisePerDayInTheOrderPerformed() async throws {
        let database = try AppDatabase.temporary()
        let user = try await database.createUser(User(username: "alice", passwordHash: "x", createdAt: now))
        let first = try await database.insertWorkoutSet(set(user.id!, bench, 80, 5, minutes: 10), idempotencyKey: nil, now: now).set
        let squatSet = try await database.insertWorkoutSet(set(user.id!, squat, 100, 5, minutes: 12), idempotencyKey: nil, now: now).set
        let earlier = try await database.insertWorkoutSet(set(user.id!, bench, 60, 10, minutes: 5), idempotencyKey: nil, now: now).set
        let nextDay = try await database.insertWorkoutSet(set(user.id!, bench, 80, 5, minutes: 1500, day: "2026-11-21"), idempotencyKey: nil, now: now).set
        #expect(earlier.setNumber == 1)
        #expect(try await database.workoutSet(id: first.id, userId: user.id!)?.setNumber == 2)
        #expect(squatSet.setNumber == 1)
        #expect(nextDay.setNumber == 1)
        #expect(try await database.deleteWorkoutSet(id: earlier.id, userId: user.id!, now: now))
        #expect(try await database.workoutSet(id: first.id, userId: user.id!)?.setNumber == 1)
    }

    @Test func anIdempotencyKeyStoresTheSetOnce() async throws {
        let database = try AppDatabase.temporary()
        let user = try await database.createUser(User(username: "alice", passwordHash: "x", createdAt: now))
        let first = try await database.insertWorkoutSet(set(user.id!, bench, 80, 5, minutes: 0), idempotencyKey: "k1", now: now)
        let retry = try await database.insertWorkoutSet(set(user.id!, bench, 80, 5, minutes: 0), idempotencyKey: "k1", now: now)
        #expect(first.created && !retry.created)
        #expect(retry.set.id == first.set.id)
        #expect(try await database.workoutSetCount(userId: user.id!) == 1)
        #expect(try await database.exerciseUsage(userId: user.id!)[first.set.exerciseId]?.useCount == 1)
    }

    /// The key of a deleted set refuses a late retry, also after the phone is linked to an account; an imported
    /// set leaves no tombstone, so its file can be imported again.
    @Test func aDeletedSetsKeyRefusesALateRetryButAnImportKeyDoesNot() async throws {
        let database = try AppDatabase.temporary()
        let account = try await database.createUser(User(username: "hanako", passwordHash: "x", createdAt: now))
        let phone = try await database.workoutDeviceUser(deviceId: "phone", newUser: anonymous(), now: now)
        let logged = try await database.insertWorkoutSet(set(phone.id!, bench, 80, 5, minutes: 0), idempotencyKey: "outbox-1", now: now).set
        #expect(try await database.deleteWorkoutSet(id: logged.id, userId: phone.id!, now: now))
        try await database.linkWorkoutDevice(deviceId: "phone", to: account.id!, now: now)
        await #expect(throws: WorkoutSetStoreError.keyOfDeletedSet) {
            try await database.insertWorkoutSet(self.set(account.id!, bench, 80, 5, minutes: 0), idempotencyKey: "outbox-1", now: self.now)
        }

        let key = AppDatabase.importKeyPrefix + "strong|row-1"
        #expect(try await database.insertWorkoutSets([(set(account.id!, squat, 100, 5, minutes: 10), key)], now: now) == 1)
        let imported = try #require(try await database.workoutSets(userId: account.id!, query: WorkoutSetQuery()).first)
        #expect(try await database.deleteWorkoutSet(id: imported.id, userId: account.id!, now: now))
        #expect(try await database.insertWorkoutSets([(set(account.id!, squat, 100, 5, minutes: 10), key)], now: now) == 1)
        #expect(try await database.workoutSetCount(userId: account.id!) == 1)
    }

    @Test func otherUsersSetsAreInvisibleAndUntouchable() async throws {
        let database = try AppDatabase.temporary()
        let alice = try await database.createUser(User(username: "alice", passwordHash: "x", createdAt: now))
        let bob = try await database.createUser(User(username: "bob", passwordHash: "x", createdAt: now))
        let set = try await database.insertWorkoutSet(set(alice.id!, bench, 80, 5, minutes: 0), idempotencyKey: "same", now: now).set
        #expect(try await database.workoutSet(id: set.id, userId: bob.id!) == nil)
        #expect(try await database.deleteWorkoutSet(id: set.id, userId: bob.id!, now: now) == false)
        #expect(try await database.workoutSets(userId: bob.id!, query: WorkoutSetQuery()).isEmpty)
        // The same key from another user is that user's own key.
        #expect(try await database.insertWorkoutSet(self.set(bob.id!, bench, 50, 5, minutes: 0), idempotencyKey: "same", now: now).created)
    }

    @Test func deletingTheAccountDeletesEveryWorkoutRow() async throws {
        let database = try AppDatabase.temporary()
        let user = try await database.workoutDeviceUser(deviceId: "device-1", newUser: anonymous(), now: now)
        try await database.issueWorkoutTokens(userId: user.id!, deviceId: "device-1", pair: pair("1", at: now), now: now)
        _ = try await database.insertCustomExercise(WorkoutCustomExercise(userId: user.id!, name: "Zercher Squat", createdAt: now))
        _ = try await database.insertWorkoutSet(set(user.id!, bench, 80, 5, minutes: 0), idempotencyKey: "k", now: now)
        let deleted = try await database.insertWorkoutSet(set(user.id!, bench, 82.5, 5, minutes: 1), idempotencyKey: "gone", now: now).set
        #expect(try await database.deleteWorkoutSet(id: deleted.id, userId: user.id!, now: now))
        let tombstones = try await database.reader.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM workoutDeletedSetKey") }
        #expect(tombstones == 1)
        try await database.setWorkoutFormulaName("brzycki", userId: user.id!)
        try await database.deleteUser(id: user.id!)
        let tables = [
            "workoutDeviceUser", "workoutDevice", "workoutDeviceToken", "workoutExercise", "workoutSet", "workoutWeekTotal", "workoutIdempotencyKey",
            "workoutDeletedSetKey", "workoutExerciseUsage", "workoutPreference",
        ]
        for table in tables {
            let count = try await database.reader.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table)") }
            #expect(count == 0, "\(table)")
        }
    }

    @Test func theSameDeviceIsTheSameUser() async throws {
        let database = try AppDatabase.temporary()
        let first = try await database.workoutDeviceUser(deviceId: "device-1", newUser: anonymous(), now: now)
        let again = try await database.workoutDeviceUser(deviceId: "device-1", newUser: anonymous(), now: now)
        let other = try await database.workoutDeviceUser(deviceId: "device-2", newUser: anonymous(), now: now)
        #expect(first.id == again.id)
        #expect(first.id != other.id)
    }

    @Test func refreshTokensRotateAndReuseRevokesTheDevice() async throws {
        let database = try AppDatabase.temporary()
        let user = try await database.workoutDeviceUser(deviceId: "d", newUser: anonymous(), now: now)
        try await database.issueWorkoutTokens(userId: user.id!, deviceId: "d", pair: pair("1", at: now), now: now)
        #expect(try await database.workoutAccessUser(tokenHash: "a-1", now: now)?.id == user.id)
        #expect(try await database.rotateWorkoutRefreshToken(hash: "r-1", pair: pair("2", at: now), now: now) == .rotated(userId: user.id!, deviceId: "d"))
        #expect(try await database.workoutAccessUser(tokenHash: "a-2", now: now)?.id == user.id)
        // The old refresh token again: reuse. Everything of the device stops working.
        #expect(try await database.rotateWorkoutRefreshToken(hash: "r-1", pair: pair("3", at: now), now: now) == .reused(userId: user.id!))
        #expect(try await database.workoutAccessUser(tokenHash: "a-2", now: now) == nil)
        #expect(try await database.rotateWorkoutRefreshToken(hash: "r-2", pair: pair("4", at: now), now: now) == .reused(userId: user.id!))
        #expect(try await database.rotateWorkoutRefreshToken(hash: "nope", pair: pair("5", at: now), now: now) == .invalid)
    }

    @Test func expiredTokensStopWorking() async throws {
        let database = try AppDatabase.temporary()
        let user = try await database.workoutDeviceUser(deviceId: "d", newUser: anonymous(), now: now)
        try await database.issueWorkoutTokens(userId: user.id!, deviceId: "d", pair: pair("1", at: now), now: now)
        #expect(try await database.workoutAccessUser(tokenHash: "a-1", now: now.addingTimeInterval(3601)) == nil)
        let later = now.addingTimeInterval(91 * 86_400)
        #expect(try await database.rotateWorkoutRefreshToken(hash: "r-1", pair: pair("2", at: later), now: later) == .invalid)
    }

    @Test func linkingADeviceMovesItsTrainingIntoTheAccount() async throws {
        let database = try AppDatabase.temporary()
        let account = try await database.createUser(User(username: "hanako", passwordHash: "x", createdAt: now))
        _ = try await database.insertCustomExercise(WorkoutCustomExercise(userId: account.id!, name: "Zercher Squat", createdAt: now))
        _ = try await database.insertWorkoutSet(set(account.id!, bench, 70, 5, minutes: 0), idempotencyKey: nil, now: now)
        let phone = try await database.workoutDeviceUser(deviceId: "phone", newUser: anonymous(), now: now)
        try await database.issueWorkoutTokens(userId: phone.id!, deviceId: "phone", pair: pair("p", at: now), now: now)
        let zercher = try await database.insertCustomExercise(WorkoutCustomExercise(userId: phone.id!, name: "zercher  squat", createdAt: now)).exercise
        _ = try await database.insertWorkoutSet(set(phone.id!, bench, 80, 5, minutes: -5), idempotencyKey: nil, now: now)
        _ = try await database.insertWorkoutSet(set(phone.id!, UUID(uuidString: zercher.id)!, 60, 5, minutes: 3), idempotencyKey: nil, now: now)

        try await database.linkWorkoutDevice(deviceId: "phone", to: account.id!, now: now)

        let sets = try await database.workoutSets(userId: account.id!, query: WorkoutSetQuery(newestFirst: false))
        #expect(sets.count == 3)
        #expect(sets.filter { $0.exerciseId == bench.uuidString.lowercased() }.map(\.setNumber) == [1, 2])
        #expect(try await database.customExercises(userId: account.id!).count == 1, "same-named custom exercises merge")
        #expect(try await database.workoutAccessUser(tokenHash: "a-p", now: now)?.id == account.id, "the phone keeps working, as the account")
        #expect(try await database.workoutDeviceUser(deviceId: "phone", newUser: anonymous(), now: now).id == account.id)
        #expect(try await database.user(id: phone.id!) == nil, "the anonymous user is gone")
        // Linking again changes nothing; a device of another real account cannot be taken.
        try await database.linkWorkoutDevice(deviceId: "phone", to: account.id!, now: now)
        let other = try await database.createUser(User(username: "taro", passwordHash: "x", createdAt: now))
        await #expect(throws: WorkoutDeviceLinkError.belongsToAnotherAccount) {
            try await database.linkWorkoutDevice(deviceId: "phone", to: other.id!, now: now)
        }
        // A device that never signed in is registered to the account: its first call gets the account, no new user.
        #expect(try await database.linkWorkoutDevice(deviceId: "new-phone", to: other.id!, now: now) == .registered)
        #expect(try await database.workoutDeviceUser(deviceId: "new-phone", newUser: anonymous(), now: now).id == other.id)
    }

    @Test func theRecentListKeepsTheHundredMostRecentExercises() async throws {
        let database = try AppDatabase.temporary()
        let user = try await database.createUser(User(username: "alice", passwordHash: "x", createdAt: now))
        var ids: [String] = []
        for index in 0..<105 {
            let custom = try await database.insertCustomExercise(WorkoutCustomExercise(userId: user.id!, name: "Lift \(index)", createdAt: now)).exercise
            ids.append(custom.id)
            let at = now.addingTimeInterval(Double(index))
            _ = try await database.insertWorkoutSet(
                WorkoutSetRecord(userId: user.id!, input: SetInput(exerciseId: UUID(uuidString: custom.id)!, weight: 10, reps: 5, performedAt: at), day: LocalDay("2026-11-20")!, now: at),
                idempotencyKey: nil, now: at
            )
        }
        let recent = try await database.recentExerciseUsage(userId: user.id!, limit: 200, offset: 0)
        #expect(recent.count == 100)
        #expect(recent.first?.exerciseId == ids.last)
        #expect(!recent.contains { $0.exerciseId == ids[4] })
        #expect(recent.contains { $0.exerciseId == ids[5] })
    }

    @Test func groupsSumVolumesPerDayExerciseAndReps() async throws {
        let database = try AppDatabase.temporary()
        let user = try await database.createUser(User(username: "alice", passwordHash: "x", createdAt: now))
        for (weight, minutes) in [(80.0, 0.0), (85, 1), (90, 2)] {
            _ = try await database.insertWorkoutSet(set(user.id!, bench, weight, 5, minutes: minutes), idempotencyKey: nil, now: now)
        }
        let groups = try await database.workoutSetGroups(userId: user.id!, from: LocalDay("2026-11-16")!, through: LocalDay("2026-11-22")!)
        #expect(groups.count == 1)
        #expect(groups[0].setCount == 3 && groups[0].weightSum == 255 && groups[0].maxWeight == 90 && groups[0].volume == 1275)
        #expect(try await database.maxWeightByReps(userId: user.id!, exerciseId: bench.uuidString.lowercased(), excluding: "") == [5: 90])
    }
}

@Suite struct WorkoutWeekTotalTests {
    let now = Date(timeIntervalSince1970: 1_780_000_000)

    /// The trigger-kept totals, compared with summing the sets afresh.
    func check(_ database: AppDatabase, userId: Int64) async throws {
        let (kept, fresh) = try await database.reader.read { db in
            let kept = try Row.fetchAll(db, sql: "SELECT week, exerciseId, reps, setCount, weightSum, maxWeight FROM workoutWeekTotal WHERE userId = ? ORDER BY 1, 2, 3", arguments: [userId])
            let fresh = try Row.fetchAll(db, sql: """
                SELECT week, exerciseId, reps, COUNT(*), SUM(weight), MAX(weight) FROM workoutSet WHERE userId = ?
                GROUP BY week, exerciseId, reps ORDER BY 1, 2, 3
                """, arguments: [userId])
            return (kept.map { "\($0[0] as String)|\($0[1] as String)|\($0[2] as Int)|\($0[3] as Int)|\($0[4] as Double)|\($0[5] as Double)" },
                    fresh.map { "\($0[0] as String)|\($0[1] as String)|\($0[2] as Int)|\($0[3] as Int)|\($0[4] as Double)|\($0[5] as Double)" })
        }
        #expect(kept == fresh)
    }

    @Test func weekTotalsFollowEveryInsertUpdateDeleteAndLink() async throws {
        let database = try AppDatabase.temporary()
        let account = try await database.createUser(User(username: "alice", passwordHash: "x", createdAt: now))
        let bench = ExerciseCatalog.all[0].id
        let squat = ExerciseCatalog.all[12].id
        var ids: [String] = []
        for (index, weight) in [80.0, 100, 82.5, 90, 100, 60].enumerated() {
            let at = now.addingTimeInterval(Double(index) * 3 * 86_400)
            let record = WorkoutSetRecord(
                userId: account.id!, input: SetInput(exerciseId: index % 2 == 0 ? bench : squat, weight: weight, reps: 5, performedAt: at),
                day: LocalDay(at, in: TimeZone(identifier: "Asia/Tokyo")!), now: now
            )
            ids.append(try await database.insertWorkoutSet(record, idempotencyKey: nil, now: now).set.id)
        }
        try await check(database, userId: account.id!)
        // The heaviest set of a group goes: its maximum is looked up again.
        _ = try await database.deleteWorkoutSet(id: ids[1], userId: account.id!, now: now)
        try await check(database, userId: account.id!)
        var changed = try #require(try await database.workoutSet(id: ids[2], userId: account.id!))
        changed.weight = 120
        changed.reps = 3
        _ = try await database.updateWorkoutSet(changed)
        try await check(database, userId: account.id!)

        let phone = try await database.workoutDeviceUser(deviceId: "p", newUser: User(username: "device:p", passwordHash: "!", createdAt: now), now: now)
        _ = try await database.insertWorkoutSets([
            (WorkoutSetRecord(userId: phone.id!, input: SetInput(exerciseId: bench, weight: 70, reps: 5, performedAt: now), day: LocalDay("2026-05-29")!, now: now), "a"),
            (WorkoutSetRecord(userId: phone.id!, input: SetInput(exerciseId: bench, weight: 75, reps: 5, performedAt: now), day: LocalDay("2026-05-29")!, now: now), "b"),
        ], now: now)
        try await check(database, userId: phone.id!)
        try await database.linkWorkoutDevice(deviceId: "p", to: account.id!, now: now)
        try await check(database, userId: account.id!)

        try await database.deleteUser(id: account.id!)
        let left = try await database.reader.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM workoutWeekTotal") }
        #expect(left == 0)
    }
}

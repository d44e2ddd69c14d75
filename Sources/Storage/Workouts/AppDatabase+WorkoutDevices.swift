import Foundation
import GRDB

/// Why a device could not be linked to an account.
public enum WorkoutDeviceLinkError: Error, Equatable, Sendable {
    /// The device already belongs to another (non-anonymous) account.
    case belongsToAnotherAccount
}

/// What linking a device did.
public enum WorkoutDeviceLinkOutcome: Equatable, Sendable {
    /// The device had signed in: it and what its anonymous user logged are the account's now.
    case linked
    /// No device with that id had signed in yet: it is the account's from its first call, which then makes no new
    /// user (so it gets in even while sign-up is closed).
    case registered
}

extension AppDatabase {
    /// The user a device acts for, creating an anonymous one (`newUser`) on the device's first call.
    /// One transaction, so two simultaneous first calls still make one user. `admitNewUser` runs inside it, only when
    /// the device has no user yet, before that user is made: the sign-up count is taken there, so the call that finds
    /// the device made by a simultaneous one (writes take turns) is not counted, and a throw makes nothing.
    public func workoutDeviceUser(
        deviceId: String, newUser: User, now: Date, admitNewUser: @escaping @Sendable () throws -> Void = {}
    ) async throws -> User {
        try await writer.write { db in
            if var device = try WorkoutDevice.filter(key: deviceId).fetchFirstReadable(db), let user = try User.filter(key: device.userId).fetchFirstReadable(db) {
                device.lastSeenAt = now
                try device.update(db)
                return user
            }
            try admitNewUser()
            var user = newUser
            try user.insert(db)
            try db.execute(sql: "INSERT INTO workoutDeviceUser (userId, createdAt) VALUES (?, ?)", arguments: [user.id, now])
            try WorkoutDevice(deviceId: deviceId, userId: try user.savedId, createdAt: now, lastSeenAt: now).insert(db)
            return user
        }
    }

    /// Stores a new token pair for the device and forgets its expired tokens.
    public func issueWorkoutTokens(userId: Int64, deviceId: String, pair: WorkoutTokenPair, now: Date) async throws {
        try await writer.write { db in
            try Self.insertTokens(db, userId: userId, deviceId: deviceId, pair: pair, now: now)
        }
    }

    /// Rotates a refresh token: the presented one stops working and `pair` replaces it. Presenting a token that
    /// was already rotated or revoked revokes every token of that device (someone holds a stolen copy).
    public func rotateWorkoutRefreshToken(hash: String, pair: WorkoutTokenPair, now: Date) async throws -> WorkoutRefreshOutcome {
        try await writer.write { db in
            guard var token = try WorkoutDeviceToken
                .filter(WorkoutDeviceToken.Columns.tokenHash == hash && WorkoutDeviceToken.Columns.kind == WorkoutDeviceToken.Kind.refresh.rawValue)
                .fetchFirstReadable(db)
            else { return .invalid }
            if token.rotatedAt != nil || token.revokedAt != nil {
                try Self.revokeTokens(db, userId: token.userId, deviceId: token.deviceId, now: now)
                return .reused(userId: token.userId)
            }
            guard token.expiresAt > now else { return .invalid }
            token.rotatedAt = now
            try token.update(db)
            try Self.insertTokens(db, userId: token.userId, deviceId: token.deviceId, pair: pair, now: now)
            return .rotated(userId: token.userId, deviceId: token.deviceId)
        }
    }

    /// The user an unexpired, unrevoked access token belongs to.
    public func workoutAccessUser(tokenHash: String, now: Date) async throws -> User? {
        try await reader.read { db in
            try SQLRequest<User>(
                sql: """
                    SELECT user.* FROM workoutDeviceToken t JOIN user ON user.id = t.userId
                    WHERE t.tokenHash = ? AND t.kind = 'access' AND t.expiresAt > ? AND t.revokedAt IS NULL
                    """,
                arguments: [tokenHash, now]
            ).fetchFirstReadable(db)
        }
    }

    /// Logs a device out: the refresh token and the device's access tokens stop working. Unknown tokens are ignored.
    public func revokeWorkoutRefreshToken(hash: String, now: Date) async throws {
        try await writer.write { db in
            guard let token = try WorkoutDeviceToken.filter(WorkoutDeviceToken.Columns.tokenHash == hash).fetchFirstReadable(db) else { return }
            try Self.revokeTokens(db, userId: token.userId, deviceId: token.deviceId, now: now)
        }
    }

    public func workoutDevices(userId: Int64) async throws -> [WorkoutDevice] {
        try await reader.read { db in
            try WorkoutDevice.owned(by: userId).order(\.lastSeenAt.desc).fetchReadable(db)
        }
    }

    /// Moves a device, and everything its anonymous user logged, into the account `userId`. Custom exercises
    /// with a name the account already has are merged into the account's. The anonymous user is then deleted.
    /// Linking a device already linked to `userId` changes nothing. A device that never signed in is registered to
    /// the account, in the same transaction, so its first call meets the account whichever comes first.
    @discardableResult
    public func linkWorkoutDevice(deviceId: String, to userId: Int64, now: Date) async throws -> WorkoutDeviceLinkOutcome {
        try await writer.write { db in
            guard let device = try WorkoutDevice.filter(key: deviceId).fetchFirstReadable(db) else {
                try WorkoutDevice(deviceId: deviceId, userId: userId, createdAt: now, lastSeenAt: now).insert(db)
                return .registered
            }
            let from = device.userId
            if from == userId { return .linked }
            let isAnonymous = try Bool.fetchOne(db, sql: "SELECT COUNT(*) > 0 FROM workoutDeviceUser WHERE userId = ?", arguments: [from]) ?? false
            guard isAnonymous else { throw WorkoutDeviceLinkError.belongsToAnotherAccount }
            try Self.mergeCustomExercises(db, from: from, to: userId)
            let moved = try Row.fetchAll(db, WorkoutSetRecord.owned(by: from).select { [$0.exerciseId, $0.day] }.distinct())
            try WorkoutSetRecord.owned(by: from).updateAll(db) { $0.userId.set(to: userId) }
            try db.execute(sql: "UPDATE OR IGNORE workoutIdempotencyKey SET userId = ? WHERE userId = ?", arguments: [userId, from])
            try db.execute(sql: "UPDATE OR IGNORE workoutDeletedSetKey SET userId = ? WHERE userId = ?", arguments: [userId, from])
            try db.execute(sql: """
                INSERT INTO workoutExerciseUsage (userId, exerciseId, lastUsedAt, useCount)
                SELECT ?, exerciseId, lastUsedAt, useCount FROM workoutExerciseUsage WHERE userId = ?
                ON CONFLICT (userId, exerciseId) DO UPDATE SET
                    lastUsedAt = max(lastUsedAt, excluded.lastUsedAt), useCount = useCount + excluded.useCount
                """, arguments: [userId, from])
            try WorkoutDeviceToken.owned(by: from).updateAll(db) { $0.userId.set(to: userId) }
            try WorkoutDevice.owned(by: from).updateAll(db) { [$0.userId.set(to: userId), $0.lastSeenAt.set(to: now)] }
            for row in moved {
                try Self.renumberSets(db, userId: userId, exerciseId: row["exerciseId"], day: row["day"])
            }
            try Self.trimRecentUsage(db, userId: userId)
            // The anonymous user owned nothing else; its leftovers (keys that collided) go with it.
            try User.deleteOne(db, key: from)
            return .linked
        }
    }

    static func insertTokens(_ db: Database, userId: Int64, deviceId: String, pair: WorkoutTokenPair, now: Date) throws {
        try WorkoutDeviceToken.owned(by: userId).filter { $0.deviceId == deviceId && $0.expiresAt <= now }.deleteAll(db)
        var access = WorkoutDeviceToken(
            userId: userId, deviceId: deviceId, kind: .access, tokenHash: pair.accessHash, createdAt: now, expiresAt: pair.accessExpiresAt
        )
        try access.insert(db)
        var refresh = WorkoutDeviceToken(
            userId: userId, deviceId: deviceId, kind: .refresh, tokenHash: pair.refreshHash, createdAt: now, expiresAt: pair.refreshExpiresAt
        )
        try refresh.insert(db)
    }

    /// Every token of the device stops working (a logout, or a replayed refresh token).
    static func revokeTokens(_ db: Database, userId: Int64, deviceId: String, now: Date) throws {
        try WorkoutDeviceToken.owned(by: userId)
            .filter { $0.deviceId == deviceId && $0.revokedAt == nil }
            .updateAll(db) { $0.revokedAt.set(to: now) }
    }

    private static func mergeCustomExercises(_ db: Database, from: Int64, to: Int64) throws {
        let theirs = try WorkoutCustomExercise.owned(by: from).fetchReadable(db)
        for exercise in theirs {
            if let existing = try WorkoutCustomExercise.owned(by: to).filter(WorkoutCustomExercise.Columns.nameKey == exercise.nameKey).fetchFirstReadable(db) {
                try WorkoutSetRecord.owned(by: from).filter { $0.exerciseId == exercise.id }.updateAll(db) { $0.exerciseId.set(to: existing.id) }
                try WorkoutExerciseUsage.owned(by: from).filter { $0.exerciseId == exercise.id }.deleteAll(db)
                try exercise.delete(db)
            } else {
                try WorkoutCustomExercise.filter(key: exercise.id).updateAll(db) { $0.userId.set(to: to) }
            }
        }
    }
}

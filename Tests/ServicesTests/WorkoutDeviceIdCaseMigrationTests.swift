import Foundation
import GRDB
import Services
import Storage
import Testing

/// Migration `v18-workout-device-id-case`: a BulkTrack device stored before in upper case (as an iPhone sends it) is
/// lowered with its tokens, so its next sign-in, in whichever case, reaches the same account and its workouts.
@Suite struct WorkoutDeviceIdCaseMigrationTests {
    let now = Date(timeIntervalSince1970: 1_795_000_000)

    @Test func aDeviceStoredInUpperCaseKeepsItsAccountAfterTheMigration() async throws {
        let old = try AppDatabase.temporary()
        let upper = "550E8400-E29B-41D4-A716-446655440000"
        let first = try await old.createUser(User(username: "device:a", passwordHash: "!", createdAt: now))
        let second = try await old.createUser(User(username: "device:b", passwordHash: "!", createdAt: now))
        // What the old code left: the id as the phone sent it, and another id that is not a UUID.
        try await old.writer.write { [now] db in
            for (userId, name, deviceId) in [(first.id!, "a", upper), (second.id!, "b", "Watch-ABC")] {
                try db.execute(sql: "INSERT INTO workoutDeviceUser (userId, createdAt) VALUES (?, ?)", arguments: [userId, now])
                try db.execute(sql: "INSERT INTO workoutDevice (deviceId, userId, createdAt, lastSeenAt) VALUES (?, ?, ?, ?)", arguments: [deviceId, userId, now, now])
                try db.execute(
                    sql: "INSERT INTO workoutDeviceToken (userId, deviceId, kind, tokenHash, createdAt, expiresAt) VALUES (?, ?, 'refresh', ?, ?, ?)",
                    arguments: [userId, deviceId, "hash-\(name)", now, now.addingTimeInterval(3600)]
                )
            }
            try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = 'v18-workout-device-id-case'")
        }
        let migrated = try AppDatabase.open(path: old.writer.path)
        let devices = try await migrated.writer.read { db in try String.fetchAll(db, sql: "SELECT deviceId FROM workoutDevice ORDER BY deviceId") }
        #expect(devices == ["550e8400-e29b-41d4-a716-446655440000", "Watch-ABC"])
        let tokens = try await migrated.writer.read { db in try String.fetchAll(db, sql: "SELECT deviceId FROM workoutDeviceToken ORDER BY deviceId") }
        #expect(tokens == ["550e8400-e29b-41d4-a716-446655440000", "Watch-ABC"])

        let service = DeviceAuthService(database: migrated)
        let owner = first.id
        for spelling in [upper, upper.lowercased()] {
            let tokens = try await service.authenticate(deviceId: spelling, now: now)
            #expect(try await service.user(accessToken: tokens.accessToken, now: now)?.id == owner, "\(spelling) is the same account")
        }
        #expect(try await migrated.writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM user") } == 2, "no new account")
    }
}

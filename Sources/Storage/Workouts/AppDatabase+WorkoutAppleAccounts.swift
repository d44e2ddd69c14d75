import Foundation
import GRDB

extension AppDatabase {
    /// The user an Apple account signs in as, creating `newUser` on its first sign-in. One transaction, so two
    /// simultaneous first sign-ins still make one user.
    public func workoutAppleUser(subjectHash: String, newUser: User, now: Date) async throws -> User {
        try await writer.write { db in
            if let userId = try Int64.fetchOne(db, sql: "SELECT userId FROM workoutAppleAccount WHERE subjectHash = ?", arguments: [subjectHash]),
               let user = try User.filter(key: userId).fetchFirstReadable(db) {
                try db.execute(sql: "UPDATE workoutAppleAccount SET lastSeenAt = ? WHERE subjectHash = ?", arguments: [now, subjectHash])
                return user
            }
            var user = newUser
            try user.insert(db)
            try db.execute(
                sql: "INSERT INTO workoutAppleAccount (subjectHash, userId, createdAt, lastSeenAt) VALUES (?, ?, ?, ?)",
                arguments: [subjectHash, user.id, now, now]
            )
            return user
        }
    }

    /// Whether this Apple account (`sub`, hashed) already has a user: only a new one counts as a sign-up.
    public func workoutAppleAccountExists(subjectHash: String) async throws -> Bool {
        try await reader.read { db in
            try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM workoutAppleAccount WHERE subjectHash = ?)", arguments: [subjectHash]) ?? false
        }
    }

    /// How many Apple accounts are linked (for tests and the operator).
    public func workoutAppleAccountCount() async throws -> Int {
        try await reader.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM workoutAppleAccount") ?? 0 }
    }
}

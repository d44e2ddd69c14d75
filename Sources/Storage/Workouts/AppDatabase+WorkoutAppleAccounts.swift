import Foundation
import GRDB

extension AppDatabase {
    /// The user an Apple account signs in as, creating `newUser` on its first sign-in. One transaction, so two
    /// simultaneous first sign-ins still make one user. `admitNewUser` runs inside it, only for an Apple account with no
    /// user yet, before that user is made (the sign-up count, taken once however many first sign-ins meet; a throw
    /// makes nothing).
    public func workoutAppleUser(
        subjectHash: String, newUser: User, now: Date, admitNewUser: @escaping @Sendable () throws -> Void = {}
    ) async throws -> User {
        try await writer.write { db in
            if let userId = try Int64.fetchOne(db, sql: "SELECT userId FROM workoutAppleAccount WHERE subjectHash = ?", arguments: [subjectHash]),
               let user = try User.filter(key: userId).fetchFirstReadable(db) {
                try db.execute(sql: "UPDATE workoutAppleAccount SET lastSeenAt = ? WHERE subjectHash = ?", arguments: [now, subjectHash])
                return user
            }
            try admitNewUser()
            var user = newUser
            try user.insert(db)
            try db.execute(
                sql: "INSERT INTO workoutAppleAccount (subjectHash, userId, createdAt, lastSeenAt) VALUES (?, ?, ?, ?)",
                arguments: [subjectHash, user.id, now, now]
            )
            return user
        }
    }

    /// How many Apple accounts are linked (for tests and the operator).
    public func workoutAppleAccountCount() async throws -> Int {
        try await reader.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM workoutAppleAccount") ?? 0 }
    }
}

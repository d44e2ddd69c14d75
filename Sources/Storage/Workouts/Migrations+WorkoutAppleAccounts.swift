import GRDB

extension Migrations {
    /// Sign in with Apple for the BulkTrack app: which workouts user an Apple account (its `sub`, SHA-256 hashed) is.
    /// The identity token itself is never stored.
    static func workoutAppleAccounts(_ db: Database) throws {
        try db.create(table: "workoutAppleAccount") { t in
            t.primaryKey("subjectHash", .text)
            t.belongsTo("user", onDelete: .cascade).notNull()
            t.column("createdAt", .datetime).notNull()
            t.column("lastSeenAt", .datetime).notNull()
        }
    }
}

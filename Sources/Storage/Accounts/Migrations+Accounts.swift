import GRDB

extension Migrations {
    /// Accounts, browser sessions and personal API tokens. Secrets are stored only as SHA-256 hashes
    /// (tokens) or bcrypt hashes (passwords): a copy of the database never hands out a working credential.
    static func accounts(_ db: Database) throws {
        try db.create(table: "user") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("username", .text).notNull().unique().collate(.nocase)
            t.column("passwordHash", .text).notNull()
            t.column("displayName", .text).notNull().defaults(to: "")
            t.column("heightCm", .double)
            t.column("targetWeightKg", .double)
            t.column("timeZone", .text).notNull().defaults(to: "Asia/Tokyo")
            t.column("language", .text)
            t.column("createdAt", .datetime).notNull()
        }
        try db.create(table: "session") { t in
            t.primaryKey("tokenHash", .text)
            t.belongsTo("user", onDelete: .cascade).notNull()
            t.column("csrfToken", .text).notNull()
            t.column("createdAt", .datetime).notNull()
            t.column("expiresAt", .datetime).notNull()
        }
        try db.create(table: "apiToken") { t in
            t.autoIncrementedPrimaryKey("id")
            t.belongsTo("user", onDelete: .cascade).notNull()
            t.column("name", .text).notNull()
            t.column("tokenHash", .text).notNull().unique()
            t.column("prefix", .text).notNull()
            t.column("createdAt", .datetime).notNull()
            t.column("lastUsedAt", .datetime)
        }
    }
}

import GRDB

extension Migrations {
    /// The choices issue 12 left open: the reminder webhook's format (json or ntfy, as wait alerts have) and the
    /// pace of the user's weight plan (0.25–1.0 % of body weight a week; no row is the 0.5 % default).
    static func motivationChoices(_ db: Database) throws {
        try db.alter(table: "reminderSetting") { t in
            t.add(column: "webhookFormat", .text).notNull().defaults(to: "json")
        }
        try db.create(table: "weightPlanSetting") { t in
            t.belongsTo("user", onDelete: .cascade).notNull()
            t.primaryKey(["userId"])
            t.column("percentPerWeek", .double).notNull()
            t.column("updatedAt", .datetime).notNull()
        }
    }
}

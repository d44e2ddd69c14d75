import GRDB

extension Migrations {
    /// The sync agent's bookkeeping: which records a gateway confirmed, and every attempt (R6).
    static func sync(_ db: Database) throws {
        try db.create(table: "syncConfirmation") { t in
            t.primaryKey("recordId", .integer).references("healthRecord", onDelete: .cascade)
            t.belongsTo("user", onDelete: .cascade).notNull()
            t.column("syncedAt", .datetime).notNull()
        }
        try db.create(table: "syncAttempt") { t in
            t.autoIncrementedPrimaryKey("id")
            t.belongsTo("user", onDelete: .cascade).notNull()
            t.column("startedAt", .datetime).notNull()
            t.column("duration", .double).notNull()
            t.column("status", .text).notNull()
            t.column("sent", .integer).notNull()
            t.column("rejected", .integer).notNull()
            t.column("retries", .integer).notNull()
            t.column("httpStatus", .integer)
            t.column("error", .text)
        }
        try db.create(index: "syncAttempt_byUserStarted", on: "syncAttempt", columns: ["userId", "startedAt"])
    }
}

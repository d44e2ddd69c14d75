import Foundation
import GRDB

extension Migrations {
    /// さわやか wait times: the store directory (seeded from the shipped list), every observation ever made, operator
    /// tokens for the feed endpoint, users' alerts, and a generic per-user inbox other systems post to as well.
    ///
    /// Shipped: depends on no application type. The directory is seeded from `V2StoreSeed`, a frozen copy of the rows
    /// this migration first wrote from the directory shipped with WaitTimes; a changed directory ships through a new migration or
    /// `AppDatabase.replaceStores(with:now:)` (`kiroku stores load`), never by editing the seed.
    static func waitTimes(_ db: Database) throws {
        try db.create(table: "waitStore") { t in
            t.primaryKey("id", .text)
            t.column("position", .integer).notNull()
            // The whole `Store` as JSON: the directory is small and always read whole.
            t.column("definition", .text).notNull()
            t.column("updatedAt", .datetime).notNull()
        }
        // Observations outlive directory changes (history is kept), so no foreign key to waitStore.
        try db.create(table: "waitObservation") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("storeId", .text).notNull()
            t.column("observedAt", .datetime).notNull()
            t.column("minutes", .integer)
            t.column("groups", .integer)
            t.column("status", .text).notNull()
            t.column("source", .text).notNull()
            t.column("createdAt", .datetime).notNull()
        }
        // A retried feed push or PUT of the same reading is a no-op.
        try db.create(index: "waitObservation_byStoreTime", on: "waitObservation", columns: ["storeId", "observedAt", "source"], unique: true)
        try db.create(table: "operatorToken") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("name", .text).notNull()
            t.column("tokenHash", .text).notNull().unique()
            t.column("prefix", .text).notNull()
            t.column("createdAt", .datetime).notNull()
            t.column("lastUsedAt", .datetime)
        }
        try db.create(table: "waitAlert") { t in
            t.autoIncrementedPrimaryKey("id")
            t.belongsTo("user", onDelete: .cascade).notNull()
            t.column("storeId", .text).notNull()
            t.column("maxMinutes", .integer).notNull()
            t.column("day", .text).notNull()
            t.column("fromTime", .text)
            t.column("untilTime", .text)
            t.column("webhookURL", .text)
            t.column("webhookFormat", .text).notNull().defaults(to: "json")
            t.column("createdAt", .datetime).notNull()
            t.column("firedAt", .datetime)
        }
        try db.create(index: "waitAlert_byStorePending", on: "waitAlert", columns: ["storeId", "firedAt"])
        try db.create(table: "inboxMessage") { t in
            t.autoIncrementedPrimaryKey("id")
            t.belongsTo("user", onDelete: .cascade).notNull()
            t.column("createdAt", .datetime).notNull()
            t.column("kind", .text).notNull()
            t.column("titleJa", .text).notNull()
            t.column("titleEn", .text).notNull()
            t.column("bodyJa", .text).notNull()
            t.column("bodyEn", .text).notNull()
            t.column("readAt", .datetime)
        }
        try db.create(index: "inboxMessage_byUserCreated", on: "inboxMessage", columns: ["userId", "createdAt"])
        let seededAt = Date()
        for row in try V2StoreSeed.rows() {
            try db.execute(
                sql: "INSERT INTO waitStore (id, position, definition, updatedAt) VALUES (?, ?, ?, ?)",
                arguments: [row.id, row.position, row.definition, seededAt]
            )
        }
    }
}

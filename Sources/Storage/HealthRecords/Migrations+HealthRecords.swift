import GRDB

extension Migrations {
    /// Health records: one row per sample, value in the metric's canonical unit, the original kept beside it.
    static func healthRecords(_ db: Database) throws {
        try db.create(table: "healthRecord") { t in
            t.autoIncrementedPrimaryKey("id")
            t.belongsTo("user", onDelete: .cascade).notNull()
            t.column("metric", .text).notNull()
            t.column("value", .double).notNull()
            t.column("originalValue", .double).notNull()
            t.column("originalUnit", .text).notNull()
            t.column("startAt", .datetime).notNull()
            t.column("endAt", .datetime).notNull()
            t.column("utcOffsetSeconds", .integer)
            t.column("source", .text).notNull()
            t.column("sourceName", .text)
            t.column("device", .text)
            t.column("metadata", .text)
            // A client-supplied id (API idempotency key, gateway sample id): a retry finds the row it made.
            t.column("externalId", .text)
            t.column("createdAt", .datetime).notNull()
            t.column("updatedAt", .datetime).notNull()
        }
        try db.create(index: "healthRecord_byUserMetricStart", on: "healthRecord", columns: ["userId", "metric", "startAt"])
        try db.create(index: "healthRecord_byUserStart", on: "healthRecord", columns: ["userId", "startAt"])
        try db.execute(sql: """
            CREATE UNIQUE INDEX healthRecord_byExternalId ON healthRecord(userId, source, externalId)
            WHERE externalId IS NOT NULL
            """)
    }
}

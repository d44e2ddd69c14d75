import GRDB

extension Migrations {
    /// Apple Health import: a natural key on health records (so one sample is stored once however it
    /// arrives), workouts, correlation links, raw items Kiroku has no metric for, and import jobs.
    static func healthImport(_ db: Database) throws {
        try db.alter(table: "healthRecord") { t in
            // Hash of metric, source, start, end and value (Health.NaturalKey).
            t.add(column: "naturalKey", .integer)
            // The import that stored the row: tells a correlation's repeat of a record from an older copy.
            t.add(column: "importJobId", .integer)
        }
        try db.execute(sql: """
            CREATE UNIQUE INDEX healthRecord_byNaturalKey ON healthRecord(userId, naturalKey)
            WHERE naturalKey IS NOT NULL
            """)
        try db.create(table: "healthWorkout") { t in
            t.autoIncrementedPrimaryKey("id")
            t.belongsTo("user", onDelete: .cascade).notNull()
            t.column("activityType", .text).notNull()
            t.column("startAt", .datetime).notNull()
            t.column("endAt", .datetime).notNull()
            t.column("utcOffsetSeconds", .integer)
            t.column("durationMinutes", .double)
            t.column("distanceMeters", .double)
            t.column("energyKcal", .double)
            t.column("statistics", .text).notNull()
            t.column("events", .text).notNull()
            t.column("routeFiles", .text).notNull()
            t.column("metadata", .text).notNull()
            t.column("source", .text).notNull()
            t.column("sourceName", .text).notNull()
            t.column("device", .text)
            t.column("naturalKey", .integer).notNull()
            t.column("createdAt", .datetime).notNull()
            t.uniqueKey(["userId", "naturalKey"])
        }
        try db.create(index: "healthWorkout_byUserStart", on: "healthWorkout", columns: ["userId", "startAt"])
        try db.create(table: "healthCorrelation") { t in
            t.autoIncrementedPrimaryKey("id")
            t.belongsTo("user", onDelete: .cascade).notNull()
            t.column("type", .text).notNull()
            t.column("startAt", .datetime).notNull()
            t.column("endAt", .datetime).notNull()
            t.column("utcOffsetSeconds", .integer)
            t.column("sourceName", .text).notNull()
            t.column("metadata", .text).notNull()
            // Natural keys of the member samples in healthRecord / healthRawItem: the link, not a copy.
            t.column("memberKeys", .text).notNull()
            t.column("naturalKey", .integer).notNull()
            t.column("createdAt", .datetime).notNull()
            t.uniqueKey(["userId", "naturalKey"])
        }
        try db.create(table: "healthRawItem") { t in
            t.autoIncrementedPrimaryKey("id")
            t.belongsTo("user", onDelete: .cascade).notNull()
            t.column("element", .text).notNull()
            t.column("type", .text).notNull()
            t.column("value", .text)
            t.column("unit", .text)
            t.column("startAt", .datetime)
            t.column("endAt", .datetime)
            t.column("utcOffsetSeconds", .integer)
            t.column("sourceName", .text)
            t.column("attributes", .text).notNull()
            t.column("metadata", .text).notNull()
            t.column("naturalKey", .integer).notNull()
            t.column("createdAt", .datetime).notNull()
            t.uniqueKey(["userId", "naturalKey"])
        }
        try db.create(table: "importJob") { t in
            t.autoIncrementedPrimaryKey("id")
            t.belongsTo("user", onDelete: .cascade).notNull()
            t.column("kind", .text).notNull()
            t.column("fileName", .text).notNull()
            t.column("fileSize", .integer).notNull()
            t.column("fingerprint", .text).notNull()
            t.column("state", .text).notNull()
            t.column("bytesProcessed", .integer).notNull()
            t.column("bytesTotal", .integer).notNull()
            t.column("itemsCommitted", .integer).notNull()
            t.column("counts", .text).notNull()
            t.column("skippedReasons", .text).notNull()
            t.column("errorCode", .text)
            t.column("errorMessageJa", .text)
            t.column("errorMessageEn", .text)
            t.column("storedPath", .text)
            t.column("keepFile", .boolean).notNull()
            t.column("createdAt", .datetime).notNull()
            t.column("startedAt", .datetime)
            t.column("finishedAt", .datetime)
            t.column("durationSeconds", .double)
        }
        try db.create(index: "importJob_byUser", on: "importJob", columns: ["userId", "createdAt"])
    }

    /// The second half of every natural key, so two items whose indexed halves collide are told apart
    /// (NaturalKeySlots). Rows stored before this have none and keep their meaning.
    static func naturalKeyCheck(_ db: Database) throws {
        for table in ["healthRecord", "healthWorkout", "healthCorrelation", "healthRawItem"] {
            try db.alter(table: table) { t in
                t.add(column: "naturalKeyCheck", .integer)
            }
        }
    }

    /// Every owned table got an index on `userId` alone from `belongsTo`, and each of these also has an index
    /// that starts with `userId`, which serves the same lookups and the account-deletion cascade. An import
    /// writes every index once per row, so the redundant ones cost a B-tree insert per record for nothing.
    static func redundantOwnerIndexes(_ db: Database) throws {
        for table in ["healthRecord", "healthWorkout", "healthCorrelation", "healthRawItem"] {
            try db.drop(index: "\(table)_on_userId")
        }
    }
}

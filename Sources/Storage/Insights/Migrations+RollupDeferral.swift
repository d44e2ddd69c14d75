import GRDB

extension Migrations {
    /// Lets a bulk writer take over the insert trigger's rollup work for one owner inside its own transaction.
    ///
    /// The per-row trigger costs an upsert, two `printf`s and string building for every record; for an import
    /// of half a million samples that was most of the SQLite work besides the indexes. A writer that registers
    /// the owner in `healthRecordRollupDeferral` (see `HourlyRollupDeferral`) adds each hour's records to the
    /// rollups once, in the same transaction, and removes the row before it commits: other connections never
    /// see it, and a failed transaction rolls the flag back with the records. Updates and deletes keep their
    /// triggers whoever writes them.
    static func rollupDeferral(_ db: Database) throws {
        try db.execute(sql: "CREATE TABLE healthRecordRollupDeferral (userId INTEGER PRIMARY KEY NOT NULL)")
        try db.execute(sql: "DROP TRIGGER healthRecord_rollupInsert")
        try db.execute(sql: """
            CREATE TRIGGER healthRecord_rollupInsert AFTER INSERT ON healthRecord
            WHEN NOT EXISTS (SELECT 1 FROM healthRecordRollupDeferral WHERE userId = NEW.userId)
            BEGIN \(add("NEW.")) END
            """)
    }
}

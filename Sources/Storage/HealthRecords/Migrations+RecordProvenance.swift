import GRDB

extension Migrations {
    /// Apple Health writes on every `<Record>` the version of the app that recorded it (`sourceVersion="17.2"`) and
    /// when that app created the sample (`creationDate`, which can be hours after the sample's end for a reading typed
    /// in later). Both were read and then dropped; a record now keeps them. `sourceCreatedAt` is stored as every date
    /// is (`DatabaseDateText`). Rows stored before stay NULL: their export no longer says what it said.
    static func recordProvenance(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE healthRecord ADD COLUMN sourceVersion TEXT;
            ALTER TABLE healthRecord ADD COLUMN sourceCreatedAt DATETIME;
            """)
    }
}

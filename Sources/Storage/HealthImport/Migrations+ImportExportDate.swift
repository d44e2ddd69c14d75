import GRDB

extension Migrations {
    /// An Apple Health export says when the phone wrote it (`<ExportDate value="2024-03-10 21:00:00 +0900"/>`); it was
    /// read and dropped. An import job now keeps it, as every date is kept (`DatabaseDateText`), with the offset it was
    /// written in. Jobs imported before stay NULL: their file is gone.
    static func importExportDate(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE importJob ADD COLUMN exportedAt DATETIME;
            ALTER TABLE importJob ADD COLUMN exportedAtUtcOffsetSeconds INTEGER;
            """)
    }
}

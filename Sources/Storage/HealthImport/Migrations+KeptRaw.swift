import GRDB

extension Migrations {
    /// Imports count the records they kept raw, per reason (unknown unit, unreadable value, …).
    static func importKeptRaw(_ db: Database) throws {
        try db.alter(table: "importJob") { t in
            // JSON object: KeptRawReason raw value → count.
            t.add(column: "keptRawReasons", .text).notNull().defaults(to: "{}")
        }
    }
}

import GRDB

extension Migrations {
    /// What a person needs to recognise a signed-in browser in Settings: when it was last used, its browser and the
    /// address it signed in from. Old sessions simply have none.
    static func sessionDetails(_ db: Database) throws {
        try db.alter(table: "session") { t in
            t.add(column: "lastUsedAt", .datetime)
            t.add(column: "userAgent", .text)
            t.add(column: "address", .text)
        }
    }
}

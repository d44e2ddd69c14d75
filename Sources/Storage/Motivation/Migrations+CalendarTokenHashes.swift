import GRDB

extension Migrations {
    /// The private calendar feed's token is kept as its hash, like share links, API tokens and sessions: a copy of
    /// the database no longer holds the addresses that open people's feeds. Tokens already made are hashed here, so
    /// feeds people subscribed to keep working. SQLite cannot drop the UNIQUE `calendarToken` column: it is set to
    /// NULL and no longer written (`ReminderSettingRow` has no such property any more).
    ///
    /// `TokenHash` is the token storage format itself, not an application type that may change, so it is safe here.
    static func calendarTokenHashes(_ db: Database) throws {
        try db.alter(table: "reminderSetting") { t in
            t.add(column: "calendarTokenHash", .text)
        }
        try db.create(index: "reminderSetting_on_calendarTokenHash", on: "reminderSetting", columns: ["calendarTokenHash"], unique: true)
        let plain = try Row.fetchAll(db, sql: "SELECT userId, calendarToken FROM reminderSetting WHERE calendarToken IS NOT NULL")
        for row in plain {
            let token: String = row["calendarToken"]
            let userId: Int64 = row["userId"]
            try db.execute(
                sql: "UPDATE reminderSetting SET calendarTokenHash = ?, calendarToken = NULL WHERE userId = ?",
                arguments: [TokenHash.sha256Hex(token), userId]
            )
        }
    }
}

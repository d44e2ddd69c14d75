import GRDB

extension Migrations {
    /// Date of birth and sex on the profile (typed by the user or taken from an Apple Health export's `<Me>`),
    /// and, on each import job, which of them that import filled.
    static func profileCharacteristics(_ db: Database) throws {
        try db.alter(table: "user") { t in
            // "YYYY-MM-DD": a calendar day, no time zone.
            t.add(column: "dateOfBirth", .text)
            // "female", "male", "other"; NULL when not set.
            t.add(column: "biologicalSex", .text)
        }
        try db.alter(table: "importJob") { t in
            // JSON array of ProfileCharacteristic raw values.
            t.add(column: "profileFilled", .text).notNull().defaults(to: "[]")
        }
    }
}

import GRDB

extension Configuration {
    /// Every connection Kiroku opens overwrites what it deletes with zeros (`PRAGMA secure_delete = ON`), so a deleted
    /// account's records do not linger in free pages of the file. Debian's SQLite is built with this on; SQLite's own
    /// default, and many other builds', is off, so it is set here rather than assumed.
    mutating func overwriteDeletedContent() {
        prepareDatabase { db in try db.execute(sql: "PRAGMA secure_delete = ON") }
    }
}

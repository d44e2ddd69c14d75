import GRDB

extension Migrations {
    /// Apple repeats a sample's device description on every sample it records (`<<HKDevice: 0x…>, name:Apple Watch,
    /// manufacturer:Apple Inc., model:Watch, hardware:Watch6,1, software:10.2>`, about 110 bytes): a third of an
    /// imported record's row, for a few distinct values per person. Imports now store each description once per owner
    /// in `healthDevice` and the record keeps its id; reading a record gives the description back as before
    /// (`HealthRecord.databaseSelection`). On the benchmark's export the database is a quarter smaller (BENCHMARKS.md).
    ///
    /// Rows already stored keep their text: a record has its `device` text or a `deviceId`, never both needed, and
    /// rewriting every stored row would cost an upgrade minutes and free no space without a VACUUM. Other writes (the
    /// records API, the gateway, sync) keep writing the text, which is short or absent there.
    ///
    /// No foreign key from `healthRecord.deviceId`: checked on every imported row it cost 5 % of an import's SQLite
    /// time (BENCHMARKS.md, sixth session), and a description is only ever deleted with its owner, whose records go
    /// with it.
    static func healthDevices(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE healthDevice (
                id INTEGER PRIMARY KEY,
                userId INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
                description TEXT NOT NULL,
                UNIQUE (userId, description)
            );
            ALTER TABLE healthRecord ADD COLUMN deviceId INTEGER;
            """)
    }
}

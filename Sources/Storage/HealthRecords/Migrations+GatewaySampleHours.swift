import GRDB

extension Migrations {
    /// Gateway samples are found again by their id within the hour they started, not across all time. The phone's
    /// sample ids are random (UUIDs), so an index on (owner, source, id) put each new sample on a page of its own:
    /// with 175 samples a commit, 223 pages of log per commit instead of 34 (a model of the gateway's rows in Python's
    /// sqlite3), and four phones stored 30–35 k samples a second with it against 55 k without it (BENCHMARKS.md).
    /// Keyed by the hour first, a batch's ids land on the few pages of its hours.
    ///
    /// HealthKit never changes a sample's dates under its id, so a retry (from the phone, or through another gateway
    /// and Kafka) has the same start and is found as before. Other sources keep their ids unique across all time: a
    /// records-API client id is an idempotency key for whatever the request holds.
    static func gatewaySampleHours(_ db: Database) throws {
        try db.execute(sql: """
            DROP INDEX healthRecord_byExternalId;
            CREATE UNIQUE INDEX healthRecord_byExternalId ON healthRecord(userId, source, externalId)
            WHERE externalId IS NOT NULL AND source <> 'gateway';
            CREATE UNIQUE INDEX healthRecord_byGatewaySample ON healthRecord(userId, substr(startAt, 1, 13), externalId)
            WHERE externalId IS NOT NULL AND source = 'gateway';
            """)
    }
}

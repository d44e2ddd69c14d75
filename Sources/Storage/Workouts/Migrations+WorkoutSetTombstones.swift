import GRDB

extension Migrations {
    /// The idempotency keys of sets their owner deleted. A phone's outbox may resend a create long after the set it
    /// made was deleted; the key row goes with the set, so without this the late retry would bring the set back.
    /// Only the key and when it was deleted are kept, nothing of the set. The owner's primary-key prefix is the
    /// index the account deletion cascade uses.
    static func workoutSetTombstones(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE workoutDeletedSetKey (
                userId INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
                key TEXT NOT NULL,
                deletedAt DATETIME NOT NULL,
                PRIMARY KEY (userId, key)
            ) WITHOUT ROWID
            """)
    }
}

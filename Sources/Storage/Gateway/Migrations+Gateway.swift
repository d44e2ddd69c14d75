import GRDB

extension Migrations {
    /// The gateway's outbox: one row per accepted sample waiting to be published to Kafka, written in the same
    /// transaction as the sample itself, deleted only after Kafka confirmed delivery.
    static func gateway(_ db: Database) throws {
        try db.create(table: "gatewayOutbox") { t in
            // Autoincrement ids never reuse a deleted row's id, so id order is arrival order — the order
            // the relay publishes in.
            t.autoIncrementedPrimaryKey("id")
            t.belongsTo("user", onDelete: .cascade).notNull()
            t.column("messageKey", .text).notNull()
            t.column("payload", .blob).notNull()
            t.column("createdAt", .datetime).notNull()
        }
    }
}

extension Migrations {
    /// The outbox's owner index is dropped: every accepted sample paid for it in the writer's turn, and only deleting
    /// an account reads the outbox by owner (a scan of a table the relay keeps short).
    static func outboxWithoutOwnerIndex(_ db: Database) throws {
        try db.drop(index: "gatewayOutbox_on_userId")
    }
}

extension Migrations {
    /// One outbox row per gateway batch instead of per sample: a row holds `messageCount` messages (a single one as
    /// itself, as every row before this migration does; several framed, see `OutboxFraming`) and its id is the
    /// sequence number of its last message, so ids still count messages. `header` holds what all of a row's messages
    /// share, for whoever wrote them to put back (the gateway: its batch's fields; NULL in rows from before). Measured
    /// on the Kafka relay's benchmark, the per-sample rows' inserts and deletes, and the bytes they sent through the log,
    /// were most of what the relay added to the writer's turn (BENCHMARKS.md).
    static func outboxBatches(_ db: Database) throws {
        try db.alter(table: "gatewayOutbox") { t in
            t.add(column: "messageCount", .integer).notNull().defaults(to: 1)
            t.add(column: "header", .blob)
        }
    }
}

extension Migrations {
    /// Where the relay sets aside an outbox row it cannot read (only damage to the database file makes one): left in
    /// the outbox, it would stop every message after it, for good. The row is kept as it was, with why and when, for
    /// an operator to look at; it goes with its owner's account.
    static func outboxQuarantine(_ db: Database) throws {
        try db.create(table: "gatewayOutboxQuarantine") { t in
            // The outbox row's own id: the sequence number of its last message.
            t.primaryKey("id", .integer)
            t.belongsTo("user", onDelete: .cascade).notNull()
            t.column("messageKey", .text).notNull()
            t.column("payload", .blob).notNull()
            t.column("messageCount", .integer).notNull()
            t.column("header", .blob)
            t.column("createdAt", .datetime).notNull()
            t.column("reason", .text).notNull()
            t.column("quarantinedAt", .datetime).notNull()
        }
    }
}

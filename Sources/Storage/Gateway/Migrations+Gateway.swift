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

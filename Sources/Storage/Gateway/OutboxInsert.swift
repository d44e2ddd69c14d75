import Foundation
import GRDB

/// The outbox's insert for one gateway batch: one prepared statement, bound with SQLite's C calls, the batch's
/// key and time written once.
struct OutboxInsert {
    private let statement: ImportStatement

    init(_ db: Database) throws {
        statement = try ImportStatement(db, sql: "INSERT INTO gatewayOutbox (userId, messageKey, payload, createdAt) VALUES (?, ?, ?, ?)")
    }

    func insert(_ message: OutboxMessage, db: Database) throws {
        _ = try statement.execute(db) { row in
            row.add(message.userId)
            row.add(message.messageKey)
            row.add(message.payload)
            row.add(DatabaseDateText.string(message.createdAt))
        }
    }
}

import Foundation
import GRDB

/// The outbox's insert: one prepared statement, bound with SQLite's C calls. A row's id is the sequence number of its
/// last message, so it is the largest id the table ever had (SQLite keeps it for AUTOINCREMENT tables) plus the row's
/// message count: ids keep growing, and keep counting messages, however many rows the relay has removed.
struct OutboxInsert {
    private let next: ImportStatement
    private let given: ImportStatement

    init(_ db: Database) throws {
        let columns = "INSERT INTO gatewayOutbox (id, userId, messageKey, payload, createdAt, messageCount, header) VALUES"
        next = try ImportStatement(db, sql: "\(columns) (coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'gatewayOutbox'), 0) + ?5, ?1, ?2, ?3, ?4, ?5, ?6)")
        given = try ImportStatement(db, sql: "\(columns) (?7, ?1, ?2, ?3, ?4, ?5, ?6)")
    }

    /// Writes `messages` (all of one owner and key) as one row with `header` after every message written before.
    func append(_ messages: ArraySlice<OutboxMessage>, header: Data?, db: Database) throws {
        guard let first = messages.first else { return }
        let row = OutboxMessage(
            id: nil, userId: first.userId, messageKey: first.messageKey, payload: OutboxFraming.payload(of: messages.map(\.payload)),
            createdAt: first.createdAt, messageCount: messages.count, header: header
        )
        _ = try next.execute(db) { bind(row, to: &$0) }
    }

    /// Writes a row again under its own id, as the relay's removals leave it.
    func rewrite(_ row: OutboxMessage, db: Database) throws {
        _ = try given.execute(db) { parameters in
            bind(row, to: &parameters)
            parameters.add(row.id)
        }
    }

    private func bind(_ row: OutboxMessage, to parameters: inout ImportStatement.Parameters) {
        parameters.add(row.userId)
        parameters.add(row.messageKey)
        parameters.add(row.payload)
        parameters.add(DatabaseDateText.string(row.createdAt))
        parameters.add(row.messageCount)
        parameters.add(row.header)
    }
}

import EventStream
import Foundation
import Storage

/// The gateway's SQLite outbox as the relay's source.
public struct SQLiteOutbox: OutboxSource {
    let database: AppDatabase

    public init(database: AppDatabase) {
        self.database = database
    }

    public func pending(after id: Int64, limit: Int) async throws -> [OutboxEntry] {
        try await database.pendingOutbox(after: id, limit: limit).map { message in
            // Rows read from the table always have their primary key; a missing one means a broken database.
            guard let id = message.id else { throw MissingOutboxId() }
            return OutboxEntry(id: id, key: message.messageKey, value: message.payload)
        }
    }

    public func remove(ids: [Int64]) async throws {
        try await database.deleteOutbox(ids: ids)
    }

    public func remove(through id: Int64) async throws {
        try await database.deleteOutbox(through: id)
    }

    struct MissingOutboxId: Error, CustomStringConvertible {
        var description: String { "an outbox row was read without its id" }
    }
}

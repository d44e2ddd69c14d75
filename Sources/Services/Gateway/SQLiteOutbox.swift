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
        try await database.pendingOutbox(after: id, limit: limit).map { OutboxEntry(id: $0.id, key: $0.key, value: $0.payload) }
    }

    public func remove(ids: [Int64]) async throws {
        try await database.deleteOutbox(ids: ids)
    }

    public func remove(through id: Int64) async throws {
        try await database.deleteOutbox(through: id)
    }
}

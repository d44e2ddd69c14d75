import EventStream
import Foundation
import Storage

/// The gateway's SQLite outbox as the relay's source. Rows the gateway wrote with a header hold its samples in
/// `GatewayOutboxCodec`'s form, and are published as the Kafka message's JSON; rows without one hold the message itself.
public struct SQLiteOutbox: OutboxSource {
    let database: AppDatabase

    public init(database: AppDatabase) {
        self.database = database
    }

    public func pending(after id: Int64, limit: Int) async throws -> [OutboxEntry] {
        var current: (header: Data, writer: GatewayKafkaMessageWriter)?
        return try await database.pendingOutbox(after: id, limit: limit).map { message in
            guard let header = message.header else { return OutboxEntry(id: message.id, key: message.key, value: message.payload) }
            do {
                // A row's messages share one header: it is read once per row.
                if current?.header != header { current = (header, try GatewayOutboxCodec.writer(fromHeader: header)) }
                let sample = try GatewayOutboxCodec.sample(from: message.payload)
                return OutboxEntry(id: message.id, key: message.key, value: current?.writer.message(for: sample) ?? Data())
            } catch {
                throw StoredRowError(table: OutboxMessage.databaseTableName, column: "payload", id: "\(message.id)")
            }
        }
    }

    public func remove(ids: [Int64]) async throws {
        try await database.deleteOutbox(ids: ids)
    }

    public func remove(through id: Int64) async throws {
        try await database.deleteOutbox(through: id)
    }
}

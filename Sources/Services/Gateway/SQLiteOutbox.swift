import EventStream
import Foundation
import Logging
import Storage
import Synchronization

/// The gateway's SQLite outbox as the relay's source. Rows the gateway wrote with a header hold its samples in
/// `GatewayOutboxCodec`'s form, and are published as the Kafka message, the header's fields around each sample; rows
/// without one hold the message itself.
///
/// A row that cannot be read (only damage to the database file makes one) is moved to the outbox's quarantine and
/// logged as an error, and the messages after it go on: left in place, it would stop the relay for good.
public struct SQLiteOutbox: OutboxSource {
    let database: AppDatabase
    let logger: Logger
    let now: @Sendable () -> Date

    public init(database: AppDatabase, logger: Logger = Logger(label: "kiroku.outbox"), now: @escaping @Sendable () -> Date = Date.init) {
        self.database = database
        self.logger = logger
        self.now = now
    }

    /// How many messages wait, since when, and how many were set aside: what `/metrics` reports at each scrape.
    public func state() async throws -> OutboxState {
        try await database.outboxState()
    }

    public func pending(after id: Int64, limit: Int) async throws -> [OutboxEntry] {
        while true {
            do {
                return try await read(after: id, limit: limit)
            } catch let damaged as StoredRowError where damaged.table == OutboxMessage.databaseTableName {
                guard let sequence = damaged.id.flatMap(Int64.init) else { throw damaged }
                let moved = try await database.quarantineOutbox(rowHolding: sequence, reason: "\(damaged)", now: now())
                // Nothing moved: the row is not there to set aside, so reading again would fail the same way.
                guard moved > 0 else { throw damaged }
                logger.error("gateway outbox: a row that cannot be read was moved to gatewayOutboxQuarantine; the messages after it go on", metadata: [
                    "message": "\(sequence)", "messages_moved": "\(moved)", "error": "\(damaged)",
                ])
            }
        }
    }

    private func read(after id: Int64, limit: Int) async throws -> [OutboxEntry] {
        let writers = MessageWriters()
        return try await database.pendingOutbox(after: id, limit: limit) { message in
            guard let header = message.header else { return OutboxEntry(id: message.id, key: message.key, value: message.payload) }
            do {
                let sample = try GatewayOutboxCodec.sampleJSON(from: message.payload)
                return OutboxEntry(id: message.id, key: message.key, value: try writers.writer(for: header).message(sampleJSON: sample))
            } catch {
                throw StoredRowError(table: OutboxMessage.databaseTableName, column: "payload", id: "\(message.id)")
            }
        }
    }

    /// A row's messages share one header: it is read once per row, not once per message.
    private final class MessageWriters: Sendable {
        private let current = Mutex<(header: Data, writer: GatewayKafkaMessageWriter)?>(nil)

        func writer(for header: Data) throws -> GatewayKafkaMessageWriter {
            if let known = current.withLock({ $0 }), known.header == header { return known.writer }
            let writer = try GatewayOutboxCodec.writer(fromHeader: header)
            current.withLock { $0 = (header, writer) }
            return writer
        }
    }

    public func remove(ids: [Int64]) async throws {
        try await database.deleteOutbox(ids: ids)
    }

    public func remove(through id: Int64) async throws {
        try await database.deleteOutbox(through: id)
    }
}

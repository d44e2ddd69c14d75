import Foundation
import GRDB

extension AppDatabase {
    /// Stores a gateway batch in one transaction: every record not already stored (same source and sample id)
    /// and, when `message` is given, one outbox row per newly stored record. A retried batch therefore adds
    /// neither records nor messages. With `outboxLimit`, a batch that would push the outbox past it is refused
    /// whole with `OutboxFull`. Batches that arrive while another commits share the next commit.
    public func ingestGatewayBatch(
        _ records: [HealthRecord],
        outboxLimit: Int? = nil,
        message: (@Sendable (HealthRecord) throws -> OutboxMessage)? = nil
    ) async throws -> [(record: HealthRecord, inserted: Bool)] {
        try await groupCommit.write { db in
            if let outboxLimit, message != nil {
                let depth = try OutboxMessage.fetchCount(db)
                guard depth + records.count <= outboxLimit else { throw OutboxFull(depth: depth) }
            }
            let insert = try HealthRecordBatchInsert(db)
            let outbox = message == nil ? nil : try OutboxInsert(db)
            return try records.map { record in
                let outcome = try insert.insert(record, db: db)
                if outcome.inserted, let message, let outbox {
                    try outbox.insert(try message(outcome.record), db: db)
                }
                return outcome
            }
        }
    }

    /// The oldest `limit` outbox rows whose id is above `after`, in arrival order.
    public func pendingOutbox(after id: Int64 = 0, limit: Int) async throws -> [OutboxMessage] {
        try await reader.read { db in
            try OutboxMessage.filter { $0.id > id }.order(\.id).limit(limit).fetchAll(db)
        }
    }

    /// Removes rows whose delivery Kafka confirmed.
    public func deleteOutbox(ids: [Int64]) async throws {
        guard !ids.isEmpty else { return }
        _ = try await writer.write { db in try OutboxMessage.deleteAll(db, keys: ids) }
    }

    /// Removes every row up to and including `id`: Kafka holds them all.
    public func deleteOutbox(through id: Int64) async throws {
        _ = try await writer.write { db in try OutboxMessage.filter { $0.id <= id }.deleteAll(db) }
    }

    public func outboxState() async throws -> OutboxState {
        try await reader.read { db in
            OutboxState(
                depth: try OutboxMessage.fetchCount(db),
                oldest: try Date.fetchOne(db, OutboxMessage.select(\.createdAt).order(\.id))
            )
        }
    }
}

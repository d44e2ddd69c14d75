import Foundation
import GRDB

extension AppDatabase {
    /// Stores a gateway batch in one transaction: every record not already stored (same source and sample id)
    /// and, when `message` is given, one outbox row per newly stored record. A retried batch therefore adds
    /// neither records nor messages. With `outboxLimit`, a batch that would push the outbox past it is refused
    /// whole with `OutboxFull`. Batches that arrive while another commits share the next commit.
    ///
    /// `message` is called for every record, before the transaction (so outside the one writer's turn), with the
    /// record as given; only the messages of records that turn out new are written.
    public func ingestGatewayBatch(
        _ records: [HealthRecord],
        outboxLimit: Int? = nil,
        message: (@Sendable (HealthRecord) throws -> OutboxMessage)? = nil
    ) async throws -> [(record: HealthRecord, inserted: Bool)] {
        let prepared = try records.map { PreparedHealthRecord($0, message: try message?($0)) }
        return try await groupCommit.write { db in
            if let outboxLimit, message != nil {
                // The id span bounds the depth from above (the rows' ids are distinct integers between the smallest
                // and the largest) and costs two index look-ups; only a span near the limit needs the exact count,
                // which reads every row.
                let span = try Int.fetchOne(db.cachedStatement(sql: "SELECT (SELECT max(id) FROM gatewayOutbox) - (SELECT min(id) FROM gatewayOutbox) + 1")) ?? 0
                if span + records.count > outboxLimit {
                    let depth = try OutboxMessage.fetchCount(db)
                    guard depth + records.count <= outboxLimit else { throw OutboxFull(depth: depth) }
                }
            }
            let outbox = message == nil ? nil : try OutboxInsert(db)
            return try HealthRecordBatchInsert.insertAll(prepared, db: db) { prepared, outcome in
                if outcome.inserted, let message = prepared.message, let outbox {
                    try outbox.insert(message, db: db)
                }
            }
        }
    }

    /// The oldest `limit` outbox rows whose id is above `after`, in arrival order, with only what Kafka receives
    /// (whole records would also parse a date per row that the relay never sends).
    public func pendingOutbox(after id: Int64 = 0, limit: Int) async throws -> [PendingOutboxMessage] {
        try await reader.read { db in
            let rows = try Row.fetchCursor(
                db, sql: "SELECT id, messageKey, payload FROM gatewayOutbox WHERE id > ? ORDER BY id LIMIT ?", arguments: [id, limit]
            )
            var messages: [PendingOutboxMessage] = []
            while let row = try rows.next() {
                messages.append(PendingOutboxMessage(
                    id: try row.decode(Int64.self, atIndex: 0), key: try row.decode(String.self, atIndex: 1),
                    payload: try row.decode(Data.self, atIndex: 2)
                ))
            }
            return messages
        }
    }

    /// Removes rows whose delivery Kafka confirmed.
    public func deleteOutbox(ids: [Int64]) async throws {
        guard !ids.isEmpty else { return }
        _ = try await writer.write { db in try OutboxMessage.deleteAll(db, keys: ids) }
    }

    /// Removes every row up to and including `id`: Kafka holds them all. The delete joins the gateway batches' next
    /// commit instead of paying a commit (an fsync with durable commits) of its own.
    public func deleteOutbox(through id: Int64) async throws {
        _ = try await groupCommit.write { db in try OutboxMessage.filter { $0.id <= id }.deleteAll(db) }
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

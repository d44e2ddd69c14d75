import Foundation
import GRDB

extension AppDatabase {
    /// Stores a gateway batch in one transaction: every record not already stored (same source and sample id)
    /// and, when `message` is given, the messages of the newly stored records, in one outbox row per owner and key.
    /// A retried batch therefore adds neither records nor messages. With `outboxLimit` (in messages), a batch that
    /// would push the outbox past it is refused whole with `OutboxFull`. Batches that arrive while another commits
    /// share the next commit.
    ///
    /// `message` is called for every record, before the transaction (so outside the one writer's turn), with the
    /// record as given; only the messages of records that turn out new are written. `messageHeader`, what all of them
    /// share, is stored once with them and read back with each (`PendingOutboxMessage.header`).
    public func ingestGatewayBatch(
        _ records: [HealthRecord],
        outboxLimit: Int? = nil,
        messageHeader: Data? = nil,
        message: (@Sendable (HealthRecord) throws -> OutboxMessage)? = nil
    ) async throws -> [(record: HealthRecord, inserted: Bool)] {
        let prepared = try records.map { PreparedHealthRecord($0, message: try message?($0)) }
        return try await groupCommit.write { db in
            if let outboxLimit, message != nil {
                // The sequence span bounds the depth from above (messages are numbered without repeats from the
                // first row's first to the last row's last) and costs two index look-ups; only a span near the limit
                // needs the exact count, which reads every row.
                let span = try Int.fetchOne(db.cachedStatement(sql: """
                    SELECT (SELECT max(id) FROM gatewayOutbox) - (SELECT id - messageCount FROM gatewayOutbox ORDER BY id LIMIT 1)
                    """)) ?? 0
                if span + records.count > outboxLimit {
                    let depth = try Self.outboxDepth(db)
                    guard depth + records.count <= outboxLimit else { throw OutboxFull(depth: depth) }
                }
            }
            var messages: [OutboxMessage] = []
            let outcomes = try HealthRecordBatchInsert.insertAll(prepared, db: db) { prepared, outcome in
                if outcome.inserted, let message = prepared.message { messages.append(message) }
            }
            if !messages.isEmpty {
                let outbox = try OutboxInsert(db)
                for run in Self.runsOfOneKey(messages) { try outbox.append(run, header: messageHeader, db: db) }
            }
            return outcomes
        }
    }

    /// Consecutive messages of one owner and key, which share a row.
    private static func runsOfOneKey(_ messages: [OutboxMessage]) -> [ArraySlice<OutboxMessage>] {
        var runs: [ArraySlice<OutboxMessage>] = []
        var start = messages.startIndex
        for index in messages.indices.dropFirst() where messages[index].userId != messages[start].userId || messages[index].messageKey != messages[start].messageKey {
            runs.append(messages[start..<index])
            start = index
        }
        runs.append(messages[start...])
        return runs
    }

    private static func outboxDepth(_ db: Database) throws -> Int {
        try messageCount(in: OutboxMessage.databaseTableName, db)
    }

    /// Messages in the outbox or its quarantine: rows count as many as they hold.
    private static func messageCount(in table: String, _ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT coalesce(sum(messageCount), 0) FROM \(table)") ?? 0
    }

    /// The row that holds message `sequence`, if one still does.
    private static func row(holding sequence: Int64, _ db: Database) throws -> OutboxMessage? {
        guard let row = try OutboxMessage.filter({ $0.id >= sequence }).order(\.id).fetchOne(db), row.firstSequence <= sequence else { return nil }
        return row
    }

    /// The oldest messages whose sequence number is above `after`, in order, with only what Kafka receives (whole
    /// records would also parse a date per row that the relay never sends). Rows are taken whole while they fit in
    /// `limit` messages, and the first one even if it alone holds more, so that the relay publishes batches whole and
    /// its removals delete whole rows.
    public func pendingOutbox(after sequence: Int64 = 0, limit: Int) async throws -> [PendingOutboxMessage] {
        try await pendingOutbox(after: sequence, limit: limit) { $0 }
    }

    /// `pendingOutbox(after:limit:)`, each message turned into what the caller sends by `transform`, on the thread
    /// that read them: a caller that writes JSON for thousands of messages a second does it off Swift's cooperative
    /// threads, which the server's requests need.
    public func pendingOutbox<Entry: Sendable>(
        after sequence: Int64 = 0, limit: Int, transform: @escaping @Sendable (PendingOutboxMessage) throws -> Entry
    ) async throws -> [Entry] {
        try await reader.read { db in
            let rows = try Row.fetchCursor(
                db, sql: "SELECT id, messageKey, payload, messageCount, header FROM gatewayOutbox WHERE id > ? ORDER BY id", arguments: [sequence]
            )
            var messages: [Entry] = []
            while let row = try rows.next() {
                let count = try row.decode(Int.self, atIndex: 3)
                guard messages.isEmpty || messages.count + count <= limit else { break }
                let id = try row.decode(Int64.self, atIndex: 0)
                let key = try row.decode(String.self, atIndex: 1)
                let header: Data? = row[4]
                let payloads = try OutboxFraming.messages(in: try row.decode(Data.self, atIndex: 2), count: count, id: id)
                for (offset, payload) in payloads.enumerated() {
                    let number = id - Int64(count) + 1 + Int64(offset)
                    if number > sequence { messages.append(try transform(PendingOutboxMessage(id: number, key: key, payload: payload, header: header))) }
                }
                if messages.count >= limit { break }
            }
            return messages
        }
    }

    /// Removes messages whose delivery Kafka confirmed. A row keeps its other messages: each unbroken run of them
    /// becomes a row of its own, numbered as before.
    public func deleteOutbox(ids sequences: [Int64]) async throws {
        guard !sequences.isEmpty else { return }
        _ = try await writer.write { db in
            var removed = Set(sequences)
            let outbox = try OutboxInsert(db)
            for sequence in sequences.sorted() where removed.contains(sequence) {
                guard let row = try Self.row(holding: sequence, db) else {
                    removed.remove(sequence)
                    continue
                }
                let messages = try row.messages()
                try row.delete(db)
                var run: [(sequence: Int64, payload: Data)] = []
                func keepRun() throws {
                    guard !run.isEmpty else { return }
                    try outbox.rewrite(row.holding(run), db: db)
                    run = []
                }
                for message in messages {
                    if removed.remove(message.sequence) != nil { try keepRun() } else { run.append(message) }
                }
                try keepRun()
            }
        }
    }

    /// Removes every message up to and including `sequence`: Kafka holds them all. The delete joins the gateway
    /// batches' next commit instead of paying a commit (an fsync with durable commits) of its own.
    public func deleteOutbox(through sequence: Int64) async throws {
        _ = try await groupCommit.write { db in
            try OutboxMessage.filter { $0.id <= sequence }.deleteAll(db)
            // The relay removes whole rows; a row only partly published (by a relay that took rows apart) keeps the rest.
            guard let row = try Self.row(holding: sequence, db) else { return }
            let rest = try row.messages().filter { $0.sequence > sequence }
            try row.delete(db)
            try OutboxInsert(db).rewrite(row.holding(rest), db: db)
        }
    }

    /// Moves the outbox row that holds message `sequence` into `gatewayOutboxQuarantine`, unchanged, with `reason`.
    /// The relay does this with a row it cannot read, which would otherwise stop every message after it. Returns how
    /// many messages the row held: 0 when no row holds `sequence` (already moved or published).
    public func quarantineOutbox(rowHolding sequence: Int64, reason: String, now: Date) async throws -> Int {
        try await writer.write { db in
            guard let row = try Self.row(holding: sequence, db), let id = row.id else { return 0 }
            try db.execute(sql: """
                INSERT INTO gatewayOutboxQuarantine (id, userId, messageKey, payload, messageCount, header, createdAt, reason, quarantinedAt)
                SELECT id, userId, messageKey, payload, messageCount, header, createdAt, ?, ? FROM gatewayOutbox WHERE id = ?
                """, arguments: [reason, now, id])
            try row.delete(db)
            return row.messageCount
        }
    }

    public func outboxState() async throws -> OutboxState {
        try await reader.read { db in
            OutboxState(
                depth: try Self.outboxDepth(db),
                oldest: try Date.fetchOne(db, OutboxMessage.select(\.createdAt).order(\.id)),
                quarantined: try Self.messageCount(in: "gatewayOutboxQuarantine", db)
            )
        }
    }
}

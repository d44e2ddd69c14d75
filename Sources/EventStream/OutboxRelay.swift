import Foundation
import Health
import Logging
import ServiceLifecycle

/// Where the relay finds messages to publish: a durable queue (the gateway's SQLite outbox) read in id order. Ids
/// only grow, and an entry becomes readable only after every entry with a smaller id (SQLite's one writer commits
/// them in order), so what the relay has read up to an id is everything up to it.
public protocol OutboxSource: Sendable {
    /// The oldest entries with an id above `id`, in id order: `limit` of them, or a few more where the source keeps
    /// entries it stores together whole (the SQLite outbox keeps each gateway batch whole).
    func pending(after id: Int64, limit: Int) async throws -> [OutboxEntry]
    /// Forgets entries Kafka holds.
    func remove(ids: [Int64]) async throws
    /// Forgets every entry up to and including `id`.
    func remove(through id: Int64) async throws
}

public struct OutboxEntry: Sendable, Equatable {
    public let id: Int64
    public let key: String
    public let value: Data

    public init(id: Int64, key: String, value: Data) {
        self.id = id
        self.key = key
        self.value = value
    }
}

/// Moves outbox entries to Kafka exactly once, as a `read_committed` consumer sees them, across crashes and broker
/// outages. Each step is one Kafka transaction: up to `batchSize` entries in id order, then — once all of them are
/// acknowledged — a position record (the highest outbox id in the transaction, and the data partitions' end
/// offsets) on partition 0 of the position topic, keyed by the transactional id; then the commit. Entries are
/// removed from the outbox after the commit.
///
/// On start and after every aborted transaction the relay asks Kafka, not the outbox, how far it got: it reads
/// its last position record back (`read_committed`), removes every entry up to it, and reads the data partitions
/// from the recorded offsets to their end. An entry found there (a header names the relay and the entry) is in
/// Kafka already and is removed instead of sent again. On a real broker aborted messages are invisible to that
/// read, so everything after the committed position is sent again in a new transaction; a broker that does not
/// hide aborted messages (librdkafka's mock cluster) shows them, and they are not sent twice either.
public actor OutboxRelay: Service {
    /// The header on every published message: `<transactional id>/<outbox id>`.
    public static let outboxHeader = "kiroku-outbox"

    private let source: any OutboxSource
    private let producer: KafkaProducer
    private let reader: KafkaTopicReader
    private let topic: String
    private let positionTopic: String
    private let relayId: String
    private let logger: Logger
    private let batchSize: Int
    private let maxBackoff: Duration

    private var committed = RelayPosition.start
    private var cursor: Int64 = 0
    private var state = State.starting
    private var inTransaction = false

    private enum State {
        /// The producer has not registered its transactional id yet.
        case starting
        /// Transactions work, but what Kafka holds must be read back before anything is sent.
        case recovering
        case publishing
    }

    private var expected: Set<UInt64> = []
    private var received: [KafkaDeliveryReport] = []
    private var waiter: CheckedContinuation<Void, Never>?
    private var reportsEnded = false

    /// `producer` must be transactional; `reader` reaches the same cluster.
    public init(
        source: any OutboxSource, producer: KafkaProducer, reader: KafkaTopicReader, topic: String, positionTopic: String,
        logger: Logger, batchSize: Int = 1_000, maxBackoff: Duration = .seconds(30)
    ) {
        precondition(producer.transactionalId != nil, "the outbox relay needs a transactional producer")
        self.source = source
        self.producer = producer
        self.reader = reader
        self.topic = topic
        self.positionTopic = positionTopic
        self.relayId = producer.transactionalId ?? ""
        self.logger = logger
        self.batchSize = batchSize
        self.maxBackoff = maxBackoff
    }

    public func run() async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { [producer] in
                for await reports in producer.deliveryReports {
                    await self.handle(reports)
                }
                await self.endReports()
            }
            group.addTask { await self.relay() }
            try await group.next()
            group.cancelAll()
        }
    }

    private func relay() async {
        var failures = 0
        while !Task.isCancelled, !Task.isShuttingDownGracefully {
            do {
                try await prepare()
                let published = try await step()
                failures = 0
                if published == 0 { try? await Task.sleep(for: .milliseconds(20)) }
            } catch {
                failures += 1
                await recover(from: error, attempt: failures)
            }
        }
        if inTransaction {
            // Leaving it open is safe too (the next start aborts it), but aborting frees the partitions sooner.
            try? await producer.abortTransaction(timeout: .seconds(2))
        }
    }

    /// Registers the transactional id, finishes an abort that failed while Kafka was away, and reads back how far
    /// Kafka got — each as often as needed.
    private func prepare() async throws {
        if inTransaction {
            try await producer.abortTransaction()
            inTransaction = false
        }
        if state == .starting {
            try await producer.initTransactions()
            // A producer learns of a topic it has not sent to yet only at librdkafka's next topic scan, once a
            // second: looked up now, the position record and the first step go out at once (measured: a relay on
            // a fresh broker resumed about 2 s later without this and the reader's short fetch wait).
            _ = await producer.prepare(topic: positionTopic, timeout: .seconds(5))
            _ = await producer.prepare(topic: topic, timeout: .seconds(5))
            state = .recovering
        }
        if state == .recovering {
            try await resume()
            state = .publishing
        }
    }

    /// After a failed step: abort the transaction if one is open, then wait (doubling up to `maxBackoff`) before
    /// reading back from Kafka again. A producer librdkafka declared unusable is replaced.
    private func recover(from error: any Error, attempt: Int) async {
        logger.warning("kafka outbox relay: step failed, retrying", metadata: ["error": "\(error)", "attempt": "\(attempt)"])
        if let kafkaError = error as? KafkaError, kafkaError.recovery == .recreateProducer || kafkaError.name == "_FATAL" {
            recreateProducer()
        } else if inTransaction {
            do {
                try await producer.abortTransaction()
                inTransaction = false
            } catch {
                logger.warning("kafka outbox relay: abort failed", metadata: ["error": "\(error)"])
                if error.recovery == .recreateProducer { recreateProducer() }
            }
        }
        if state == .publishing { state = .recovering }
        let delay = Backoff(retries: .max, baseDelay: .milliseconds(250), maxDelay: maxBackoff).delay(afterFailures: attempt)
        try? await cancelWhenGracefulShutdown { try await Task.sleep(for: delay) }
    }

    private func recreateProducer() {
        do {
            try producer.recreate()
            state = .starting
            inTransaction = false
            logger.warning("kafka outbox relay: producer recreated after a fatal error")
        } catch {
            logger.error("kafka outbox relay: producer could not be recreated", metadata: ["error": "\(error)"])
        }
    }

    /// Reads the committed position and what lies after it in the data topic, and removes from the outbox every
    /// entry Kafka already holds.
    private func resume() async throws {
        var position: RelayPosition
        if let last = try await lastPosition() {
            position = last
        } else {
            position = try await committedStart()
        }
        let partitions = try await reader.partitions(of: topic)
        var starts: [Int32: Int64] = [:]
        for partition in partitions {
            let start = max(position.offsets[partition.id] ?? partition.low, partition.low)
            // Nothing lies past a partition's end, and reading there only waits for a fetch to say so.
            if start < partition.high { starts[partition.id] = start }
        }
        var found: [Int64] = []
        for message in try await reader.read(topic: topic, from: starts) {
            position.advance(past: message.partition, offset: message.offset)
            if let id = outboxId(of: message), id > position.outboxId { found.append(id) }
        }
        try await source.remove(through: position.outboxId)
        try await source.remove(ids: found)
        if !found.isEmpty {
            logger.notice("kafka outbox relay: entries already in kafka past the committed position are not sent again", metadata: ["count": "\(found.count)"])
        }
        committed = position
        cursor = position.outboxId
        logger.info("kafka outbox relay: resuming", metadata: ["outbox_id": "\(position.outboxId)", "transactional_id": "\(relayId)"])
    }

    /// This relay's last position record, if it ever committed one. One server is usually the only writer, so the
    /// last few records are read first and the whole (compacted) partition only if they hold none of ours.
    private func lastPosition() async throws -> RelayPosition? {
        guard let partition = try await reader.partitions(of: positionTopic).first(where: { $0.id == 0 }) else {
            throw KafkaError(code: 3, name: "UNKNOWN_TOPIC_OR_PART", message: "position topic \(positionTopic) does not exist", recovery: .retry)
        }
        guard partition.high > partition.low else { return nil }
        let recent = max(partition.low, partition.high - 64)
        var records = try await reader.read(topic: positionTopic, from: [0: recent]).filter { $0.keyString == relayId }
        if records.isEmpty, recent > partition.low {
            records = try await reader.read(topic: positionTopic, from: [0: partition.low]).filter { $0.keyString == relayId }
        }
        return records.max { $0.offset < $1.offset }.flatMap { RelayPosition(decoding: $0.value) }
    }

    /// A first start: the data topic's current ends become the committed position, in a transaction of its own, so
    /// that every later read-back is bounded by a recorded offset.
    private func committedStart() async throws -> RelayPosition {
        var position = RelayPosition.start
        for partition in try await reader.partitions(of: topic) {
            position.offsets[partition.id] = partition.high
        }
        try producer.beginTransaction()
        inTransaction = true
        try await publishPosition(position)
        try await commit()
        return position
    }

    /// One transaction: the next entries, then the position record, then the commit. Returns how many entries it
    /// published.
    func step() async throws -> Int {
        let entries = try await source.pending(after: cursor, limit: batchSize)
        guard let last = entries.last else { return 0 }
        try producer.beginTransaction()
        inTransaction = true
        let generation = nextGeneration()
        expect(Set(entries.map { generation | UInt64($0.id) }))
        try await producer.send(topic: topic, messages: entries.map { entry in
            OutgoingKafkaMessage(key: entry.key, value: entry.value, id: generation | UInt64(entry.id), header: (Self.outboxHeader, "\(relayId)/\(entry.id)"))
        })
        var position = committed
        position.outboxId = last.id
        for report in try await deliveries() {
            if case .success(let landed) = report.result { position.advance(past: landed.partition, offset: landed.offset) }
        }
        try await publishPosition(position)
        try await commit()
        committed = position
        cursor = last.id
        // A crash before this line is harmless: the next start removes everything up to the committed position.
        // Everything up to the previous cursor is gone, and the entries were all that followed it up to `last` (see
        // OutboxSource), so one range delete removes exactly them.
        try await source.remove(through: last.id)
        return entries.count
    }

    /// Sends the position record once everything before it in the transaction is acknowledged, so that even on a
    /// broker that shows aborted messages, a visible position never claims an entry that did not land.
    private func publishPosition(_ position: RelayPosition) async throws {
        // Outbox ids start at 1, so the generation alone names the position record.
        let id = nextGeneration()
        expect([id])
        try producer.send(topic: positionTopic, key: relayId, value: position.encoded(), id: id, partition: 0)
        _ = try await deliveries()
    }

    /// Message ids in delivery reports carry a generation in their top 16 bits, so a late report from an aborted
    /// transaction (librdkafka reports purged messages too) is never taken for one of a newer transaction that sends
    /// the same outbox entry again. Outbox ids stay below 2^48.
    private var generation: UInt64 = 0

    private func nextGeneration() -> UInt64 {
        generation = generation % 0x7FFF + 1
        return generation << 48
    }

    /// Commits, resuming the same commit while the broker is slow, unless the server is stopping.
    private func commit() async throws {
        while true {
            do {
                try await producer.commitTransaction(timeout: .seconds(5))
                inTransaction = false
                return
            } catch {
                guard error.recovery == .retry, !Task.isShuttingDownGracefully, !Task.isCancelled else { throw error }
                logger.notice("kafka outbox relay: commit is waiting for the broker", metadata: ["error": "\(error)"])
            }
        }
    }

    private func outboxId(of message: KafkaMessage) -> Int64? {
        guard let header = message.headers[Self.outboxHeader] else { return nil }
        let text = String(decoding: header, as: UTF8.self)
        guard let slash = text.lastIndex(of: "/"), text[..<slash] == relayId else { return nil }
        return Int64(text[text.index(after: slash)...])
    }

    // MARK: Delivery reports of the transaction in progress.

    private func expect(_ ids: Set<UInt64>) {
        expected = ids
        received = []
    }

    func handle(_ reports: [KafkaDeliveryReport]) {
        received.append(contentsOf: reports.lazy.filter { self.expected.contains($0.id) })
        if received.count >= expected.count { wake() }
    }

    private func endReports() {
        reportsEnded = true
        wake()
    }

    private func wake() {
        waiter?.resume()
        waiter = nil
    }

    /// Waits until every expected message is reported; throws the first failure (the transaction must then be
    /// aborted), or if the wait ends early because the server is stopping.
    private func deliveries() async throws -> [KafkaDeliveryReport] {
        if received.count < expected.count, !reportsEnded {
            await cancelWhenGracefulShutdown {
                await withTaskCancellationHandler {
                    await self.waitForReports()
                } onCancel: {
                    Task { await self.wake() }
                }
            }
        }
        guard received.count >= expected.count else {
            throw KafkaError(code: -172, name: "_STATE", message: "stopped before every delivery was reported", recovery: .abortTransaction)
        }
        if let failure = received.lazy.compactMap({ report -> KafkaError? in
            if case .failure(let error) = report.result { return error }
            return nil
        }).first {
            throw KafkaError(code: failure.code, name: failure.name, message: failure.message, recovery: .abortTransaction)
        }
        return received
    }

    private func waitForReports() async {
        await withCheckedContinuation { continuation in
            if Task.isCancelled || received.count >= expected.count || reportsEnded {
                continuation.resume()
            } else {
                waiter = continuation
            }
        }
    }
}

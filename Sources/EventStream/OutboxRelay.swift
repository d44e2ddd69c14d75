import Foundation
import Logging
import ServiceLifecycle

/// Where the relay finds messages to publish: a durable queue (the gateway's SQLite outbox) read in id order.
public protocol OutboxSource: Sendable {
    /// The oldest `limit` entries with an id above `id`, in id order.
    func pending(after id: Int64, limit: Int) async throws -> [OutboxEntry]
    /// Forgets entries Kafka has acknowledged.
    func remove(ids: [Int64]) async throws
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

/// Moves outbox entries to Kafka in id order and removes each only after its delivery report succeeds, so a
/// crash at any point re-sends at most what was unacknowledged — and the idempotent producer keeps even that
/// from duplicating within a session. At most `maxInFlight` messages are handed to librdkafka at once: while
/// Kafka is away they wait there (retried by librdkafka with its backoff) and everything newer waits in the
/// outbox, on disk.
public actor OutboxRelay: Service {
    private let source: any OutboxSource
    private let producer: KafkaProducer
    private let topic: String
    private let logger: Logger
    private let maxInFlight: Int
    private var cursor: Int64 = 0
    private var inFlight = Set<Int64>()
    /// Entries whose delivery failed, to send again once `retryAt` passes; the delay doubles per failure.
    private var retries: [Int64: (entry: OutboxEntry, retryAt: ContinuousClock.Instant)] = [:]
    /// Failed deliveries so far, per entry still in the outbox.
    private var failures: [Int64: Int] = [:]
    private var acknowledged: [Int64] = []
    private var pendingById: [Int64: OutboxEntry] = [:]

    public init(source: any OutboxSource, producer: KafkaProducer, topic: String, logger: Logger, maxInFlight: Int = 1_000) {
        self.source = source
        self.producer = producer
        self.topic = topic
        self.logger = logger
        self.maxInFlight = maxInFlight
    }

    public func run() async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { [producer] in
                for await report in producer.deliveryReports {
                    await self.handle(report)
                }
            }
            group.addTask {
                while !Task.isCancelled, !Task.isShuttingDownGracefully {
                    do {
                        try await self.step()
                    } catch {
                        self.logger.error("outbox relay step failed", metadata: ["error": "\(error)"])
                        try? await Task.sleep(for: .seconds(1))
                    }
                    try? await Task.sleep(for: .milliseconds(20))
                }
                // Whatever was acknowledged before shutdown is removed now, so it is not sent again next start.
                try? await self.removeAcknowledged()
            }
            try await group.next()
            group.cancelAll()
        }
    }

    /// One round: remove what was acknowledged, resend failures that are due, hand new entries to librdkafka.
    func step() async throws {
        try await removeAcknowledged()
        let now = ContinuousClock.now
        for (id, retry) in retries where retry.retryAt <= now && inFlight.count < maxInFlight {
            // Out of the retry list while in flight, so it is never sent twice at once.
            retries[id] = nil
            try producer.send(topic: topic, key: retry.entry.key, value: retry.entry.value, id: UInt64(id))
            inFlight.insert(id)
            pendingById[id] = retry.entry
        }
        let room = maxInFlight - inFlight.count - retries.count
        guard room > 0 else { return }
        for entry in try await source.pending(after: cursor, limit: room) {
            try producer.send(topic: topic, key: entry.key, value: entry.value, id: UInt64(entry.id))
            inFlight.insert(entry.id)
            pendingById[entry.id] = entry
            cursor = entry.id
        }
    }

    func handle(_ report: KafkaDeliveryReport) {
        let id = Int64(report.id)
        inFlight.remove(id)
        switch report.result {
        case .success:
            acknowledged.append(id)
            failures[id] = nil
            pendingById[id] = nil
        case .failure(let error):
            guard let entry = pendingById[id] else { return }
            let attempt = failures[id, default: 0] + 1
            failures[id] = attempt
            let delay = Duration.seconds(min(30, 1 << min(attempt - 1, 5)))
            retries[id] = (entry, ContinuousClock.now + delay)
            logger.warning("kafka delivery failed; will retry", metadata: ["error": "\(error)", "attempt": "\(attempt)"])
        }
    }

    private func removeAcknowledged() async throws {
        guard !acknowledged.isEmpty else { return }
        let ids = acknowledged
        acknowledged.removeAll()
        try await source.remove(ids: ids)
    }
}

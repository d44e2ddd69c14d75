import EventStream
import Foundation
import Health
import Logging
import ServiceLifecycle
import Synchronization

/// `kiroku ingest --from-kafka` as a long-running service: reads a batch from the consumer group, stores it (one
/// SQLite transaction), and only then commits the batch's offsets. A crash between the two re-reads the batch, which
/// the idempotent write stores once; nothing is committed that is not stored. A write that fails (disk full, database
/// locked) is retried with a growing pause and the batch is kept meanwhile. Graceful shutdown finishes the batch in
/// hand, commits it and leaves the group.
public final class GatewayKafkaConsumerService: Service, Sendable {
    let consumer: KafkaGroupConsumer
    let ingest: GatewayKafkaIngestService
    let batchSize: Int
    let clock: @Sendable () -> Date
    let logger: Logger
    /// The language of a skipped message's text in the log (the terminal's, for `kiroku ingest`); its code is the same in any.
    let language: Language
    private let total = Mutex(GatewayKafkaIngestService.Tally())

    public init(
        consumer: KafkaGroupConsumer, ingest: GatewayKafkaIngestService, batchSize: Int, clock: @escaping @Sendable () -> Date = { Date() },
        logger: Logger, language: Language = .en
    ) {
        self.consumer = consumer
        self.ingest = ingest
        self.batchSize = batchSize
        self.clock = clock
        self.logger = logger
        self.language = language
    }

    /// Everything stored, found twice and skipped since the service started.
    public var tally: GatewayKafkaIngestService.Tally { total.withLock { $0 } }

    static let writeRetry = Backoff(retries: .max, baseDelay: .milliseconds(200), maxDelay: .seconds(30))

    public func run() async throws {
        while !Task.isShuttingDownGracefully, !Task.isCancelled {
            let (messages, errors) = await consumer.poll(maxMessages: batchSize, timeout: .milliseconds(250))
            for error in errors { logger.warning("kafka consumer", metadata: ["error": "\(error)"]) }
            guard !messages.isEmpty else { continue }
            guard let tally = await store(messages) else { break }
            do {
                try await consumer.commit(after: messages)
            } catch {
                // Stored but not committed: whoever reads these again finds them stored already.
                logger.warning("kafka offsets not committed; the batch will be read again and found stored", metadata: ["error": "\(error)"])
            }
            for skip in tally.skipped {
                logger.error("kafka message skipped", metadata: skip.logMetadata(in: language))
            }
            total.withLock { $0 += tally }
            logger.debug("kafka batch stored", metadata: [
                "messages": "\(messages.count)", "stored": "\(tally.stored)", "duplicates": "\(tally.duplicates)", "skipped": "\(tally.skipped.count)",
            ])
        }
        await consumer.close()
    }

    /// The batch stored, retrying a failed write; nil when shutdown came first (nothing committed, so it is read again).
    private func store(_ messages: [KafkaMessage]) async -> GatewayKafkaIngestService.Tally? {
        var failures = 0
        while true {
            do {
                return try await ingest.store(messages, now: clock())
            } catch {
                failures += 1
                let pause = Self.writeRetry.delay(afterFailures: failures)
                logger.error("storing a kafka batch failed; retrying", metadata: ["error": "\(error)", "retry_in": "\(pause)"])
                guard !Task.isShuttingDownGracefully else { return nil }
                try? await Task.sleep(for: pause)
            }
        }
    }
}

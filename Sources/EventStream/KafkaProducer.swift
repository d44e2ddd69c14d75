import Foundation
import Logging
import ServiceLifecycle
import Synchronization

/// A Kafka producer run as a ServiceLifecycle service: `run()` polls librdkafka for delivery reports and
/// publishes them on `deliveryReports`, all the reports of one poll as one element (a relay sending thousands of
/// messages a second would otherwise pay a task switch per message); on graceful shutdown it waits (up to `flushTimeout`) for every
/// message in flight to be acknowledged before the stream ends.
///
/// Configured with a transactional id, it also begins, commits and aborts transactions; those calls wait for the
/// broker on threads of their own, never on the caller's.
public final class KafkaProducer: Service, Sendable {
    public let deliveryReports: AsyncStream<[KafkaDeliveryReport]>
    private let continuation: AsyncStream<[KafkaDeliveryReport]>.Continuation
    /// Replaced only by `recreate()`, after librdkafka declared the instance unusable.
    private let client: Mutex<RDKafkaClient>
    private let configuration: KafkaProducerConfiguration
    private let logger: Logger
    private let flushTimeout: Duration

    public init(configuration: KafkaProducerConfiguration, logger: Logger, flushTimeout: Duration = .seconds(10)) throws {
        client = Mutex(try RDKafkaClient(properties: configuration.properties))
        (deliveryReports, continuation) = AsyncStream.makeStream(of: [KafkaDeliveryReport].self)
        self.configuration = configuration
        self.logger = logger
        self.flushTimeout = flushTimeout
    }

    private var current: RDKafkaClient { client.withLock { $0 } }

    /// Set when the producer is transactional.
    public var transactionalId: String? { configuration.transactionalId }

    /// Enqueues a message. `id` comes back in its delivery report; it must not be 0. Without `partition` the key
    /// picks it.
    public func send(topic: String, key: String, value: Data, id: UInt64, partition: Int32? = nil, headers: [String: String] = [:]) throws {
        precondition(id != 0, "0 cannot be told apart from 'no id' in librdkafka's opaque pointer")
        try current.produce(
            topic: topic, partition: partition, key: key, value: value,
            headers: headers.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }, id: id
        )
    }

    /// Sends `messages` to `topic` in order, from a thread of its own: a relay's thousands of sends hold a thread for
    /// milliseconds, and Swift's cooperative threads (as many as cores) are the ones the server's requests run on.
    /// Throws at the first message librdkafka refuses; the ones before it are sent.
    public func send(topic: String, messages: [OutgoingKafkaMessage]) async throws {
        precondition(messages.allSatisfy { $0.id != 0 }, "0 cannot be told apart from 'no id' in librdkafka's opaque pointer")
        let client = current
        try await RDKafkaBlocking.run { () throws(KafkaError) in
            for message in messages {
                try client.produce(topic: topic, partition: nil, key: message.key, value: message.value, headers: [(message.header.name, message.header.value)], id: message.id)
            }
        }
    }

    /// Looks `topic` up in the cluster ahead of the first message to it. Returns false when the cluster could not be
    /// reached in time; messages then wait for the lookup as usual.
    public func prepare(topic: String, timeout: Duration = .seconds(10)) async -> Bool {
        let client = current
        let milliseconds = KafkaTopicReader.milliseconds(timeout)
        return (try? await RDKafkaBlocking.run { () throws(KafkaError) in try client.partitions(of: topic, timeoutMilliseconds: milliseconds) }) != nil
    }

    /// Messages handed to librdkafka and not yet reported on.
    public var outstanding: Int { current.outstanding }

    /// Registers the transactional id with the coordinator: fences any older instance with the same id and aborts
    /// the transaction it left open. Once per instance, before the first transaction.
    public func initTransactions(timeout: Duration = .seconds(10)) async throws(KafkaError) {
        let client = current
        let milliseconds = KafkaTopicReader.milliseconds(timeout)
        try await RDKafkaBlocking.run { () throws(KafkaError) in try client.initTransactions(timeoutMilliseconds: milliseconds) }
    }

    public func beginTransaction() throws(KafkaError) {
        try current.beginTransaction()
    }

    /// Waits until every message of the transaction is delivered, then commits. On a `.retry` error (timed out)
    /// calling it again resumes the same commit.
    public func commitTransaction(timeout: Duration = .seconds(10)) async throws(KafkaError) {
        let client = current
        let milliseconds = KafkaTopicReader.milliseconds(timeout)
        try await RDKafkaBlocking.run { () throws(KafkaError) in try client.commitTransaction(timeoutMilliseconds: milliseconds) }
    }

    /// Drops what the transaction produced: `read_committed` consumers never see it.
    public func abortTransaction(timeout: Duration = .seconds(10)) async throws(KafkaError) {
        let client = current
        let milliseconds = KafkaTopicReader.milliseconds(timeout)
        try await RDKafkaBlocking.run { () throws(KafkaError) in try client.abortTransaction(timeoutMilliseconds: milliseconds) }
    }

    /// A new librdkafka instance with the same configuration, after an error that left this one unusable
    /// (`.recreateProducer`). Reports still owed by the old instance are not delivered.
    public func recreate() throws(KafkaError) {
        let fresh = try RDKafkaClient(properties: configuration.properties)
        client.withLock { $0 = fresh }
    }

    public func run() async throws {
        // The poll waits for the first report on a thread of its own, so a report is published the moment it comes
        // (a stateless gateway's answer waits for it) while no cooperative thread blocks; when nothing is in flight it
        // wakes every `idlePollMilliseconds` to see whether the service is stopping.
        while !Task.isCancelled, !Task.isShuttingDownGracefully {
            let client = current
            publish(await RDKafkaBlocking.poll(client, timeoutMilliseconds: Self.idlePollMilliseconds))
        }
        let deadline = ContinuousClock.now + flushTimeout
        while current.outstanding > 0, ContinuousClock.now < deadline {
            publish(current.poll(timeoutMilliseconds: 0))
            try? await Task.sleep(for: .milliseconds(10))
        }
        if current.outstanding > 0 {
            logger.warning("kafka producer stopped with messages unacknowledged", metadata: ["outstanding": "\(current.outstanding)"])
        }
        continuation.finish()
    }

    /// How long one wait for delivery reports lasts when none come: the most a stop waits to be noticed.
    static let idlePollMilliseconds: Int32 = 100

    private func publish(_ reports: [KafkaDeliveryReport]) {
        if !reports.isEmpty { continuation.yield(reports) }
    }
}

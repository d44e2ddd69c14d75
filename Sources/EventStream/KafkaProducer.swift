import Foundation
import Logging
import ServiceLifecycle

/// A Kafka producer run as a ServiceLifecycle service: `run()` polls librdkafka for delivery reports and
/// publishes them on `deliveryReports`; on graceful shutdown it waits (up to `flushTimeout`) for every
/// message in flight to be acknowledged before the stream ends.
public final class KafkaProducer: Service, Sendable {
    public let deliveryReports: AsyncStream<KafkaDeliveryReport>
    private let continuation: AsyncStream<KafkaDeliveryReport>.Continuation
    private let client: RDKafkaClient
    private let logger: Logger
    private let flushTimeout: Duration

    public init(configuration: KafkaProducerConfiguration, logger: Logger, flushTimeout: Duration = .seconds(10)) throws {
        client = try RDKafkaClient(properties: configuration.properties)
        (deliveryReports, continuation) = AsyncStream.makeStream(of: KafkaDeliveryReport.self)
        self.logger = logger
        self.flushTimeout = flushTimeout
    }

    /// Enqueues a message. `id` comes back in its delivery report; it must not be 0.
    public func send(topic: String, key: String, value: Data, id: UInt64) throws {
        precondition(id != 0, "0 cannot be told apart from 'no id' in librdkafka's opaque pointer")
        try client.produce(topic: topic, key: Array(key.utf8), value: Array(value), id: id)
    }

    /// Messages handed to librdkafka and not yet reported on.
    public var outstanding: Int { client.outstanding }

    public func run() async throws {
        // Polling with a zero timeout and sleeping in Swift keeps librdkafka from blocking a cooperative thread.
        while !Task.isCancelled, !Task.isShuttingDownGracefully {
            publish(client.poll(timeoutMilliseconds: 0))
            try? await Task.sleep(for: .milliseconds(10))
        }
        let deadline = ContinuousClock.now + flushTimeout
        while client.outstanding > 0, ContinuousClock.now < deadline {
            publish(client.poll(timeoutMilliseconds: 0))
            try? await Task.sleep(for: .milliseconds(10))
        }
        if client.outstanding > 0 {
            logger.warning("kafka producer stopped with messages unacknowledged", metadata: ["outstanding": "\(client.outstanding)"])
        }
        continuation.finish()
    }

    private func publish(_ reports: [KafkaDeliveryReport]) {
        for report in reports { continuation.yield(report) }
    }
}

import Foundation

/// Where the gateway publishes accepted samples, when Kafka is on: the brokers, the data and position topics, the
/// relay's transactional id and any librdkafka properties (TLS, SASL) given on the command line.
public struct KafkaSettings: Sendable, Equatable {
    public var brokers: String
    public var topic: String
    /// One partition, compacted: how far the relay published, committed in the same transaction as the samples.
    public var positionTopic: String
    public var transactionalId: String
    public var properties: [String: String]

    public init(brokers: String, topic: String = "health-data", positionTopic: String = "kiroku-outbox-position", transactionalId: String, properties: [String: String] = [:]) {
        self.brokers = brokers
        self.topic = topic
        self.positionTopic = positionTopic
        self.transactionalId = transactionalId
        self.properties = properties
    }

    /// Properties only a producer understands; the relay's read-back consumer leaves them out (librdkafka would warn
    /// about each). Connection and security settings apply to both.
    static let producerOnlyProperties: Set<String> = [
        "acks", "enable.idempotence", "linger.ms", "message.timeout.ms", "transaction.timeout.ms", "transactional.id",
        "batch.size", "batch.num.messages", "compression.type", "retries", "retry.backoff.ms", "queue.buffering.max.messages",
    ]

    var consumerProperties: [String: String] {
        properties.filter { !Self.producerOnlyProperties.contains($0.key) }
    }
}

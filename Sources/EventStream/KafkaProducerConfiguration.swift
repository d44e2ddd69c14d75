/// How to reach Kafka and how to produce. The defaults are the safe ones the gateway needs: an idempotent
/// producer (no duplicates from librdkafka's own retries, order kept per partition), `acks=all`, and no
/// message timeout, so a broker that is away for an hour delays messages instead of failing them.
public struct KafkaProducerConfiguration: Sendable, Equatable {
    public var bootstrapServers: String
    /// Any librdkafka property, applied after the defaults (`--kafka-option key=value`).
    public var options: [String: String]

    public init(bootstrapServers: String, options: [String: String] = [:]) {
        self.bootstrapServers = bootstrapServers
        self.options = options
    }

    public static let defaults: [String: String] = [
        "enable.idempotence": "true",
        "acks": "all",
        "message.timeout.ms": "0",
        "linger.ms": "5",
        "client.id": "kiroku",
    ]

    /// Every property handed to librdkafka, in a stable order.
    public var properties: [(String, String)] {
        var merged = Self.defaults
        merged["bootstrap.servers"] = bootstrapServers
        merged.merge(options) { _, override in override }
        return merged.sorted { $0.key < $1.key }
    }
}

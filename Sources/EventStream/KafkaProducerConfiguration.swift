/// How to reach Kafka and how to produce. The defaults are the safe ones the gateway needs: an idempotent
/// producer (no duplicates from librdkafka's own retries, order kept per partition), `acks=all`, and no
/// message timeout, so a broker that is away for an hour delays messages instead of failing them.
///
/// With a `transactionalId` the producer is transactional: what it sends between `beginTransaction` and
/// `commitTransaction` becomes visible to `read_committed` consumers all at once or (aborted) never. A message then
/// times out with its transaction (`transaction.timeout.ms`), and the caller aborts and sends it again.
public struct KafkaProducerConfiguration: Sendable, Equatable {
    public var bootstrapServers: String
    /// Stable across restarts of the same sender: a new instance fences the old one and aborts its open transaction.
    public var transactionalId: String?
    /// Any librdkafka property, applied after the defaults (`--kafka-option key=value`).
    public var options: [String: String]

    public init(bootstrapServers: String, transactionalId: String? = nil, options: [String: String] = [:]) {
        self.bootstrapServers = bootstrapServers
        self.transactionalId = transactionalId
        self.options = options
    }

    /// `linger.ms` is 1: a stateless gateway answers a batch only once Kafka has acknowledged it, so every
    /// millisecond librdkafka holds the batch back is added to the phone's wait (with 5, a gateway batch took 10 ms).
    public static let defaults: [String: String] = [
        "enable.idempotence": "true",
        "acks": "all",
        "message.timeout.ms": "0",
        "linger.ms": "1",
        "client.id": "kiroku",
    ]

    /// librdkafka refuses an infinite message timeout for a transactional producer: messages live as long as their
    /// transaction may.
    public static let transactionalDefaults: [String: String] = [
        "enable.idempotence": "true",
        "acks": "all",
        "transaction.timeout.ms": "60000",
        "linger.ms": "5",
        "client.id": "kiroku",
    ]

    /// Every property handed to librdkafka, in a stable order.
    public var properties: [(String, String)] {
        var merged = transactionalId == nil ? Self.defaults : Self.transactionalDefaults
        merged["bootstrap.servers"] = bootstrapServers
        if let transactionalId { merged["transactional.id"] = transactionalId }
        merged.merge(options) { _, override in override }
        return merged.sorted { $0.key < $1.key }
    }
}

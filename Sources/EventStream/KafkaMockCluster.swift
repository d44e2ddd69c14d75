/// librdkafka's built-in mock cluster: real Kafka protocol on loopback ports, brokers that can be taken down
/// and brought back. For tests, benchmarks and local experiments; it keeps only a few MB per partition.
public final class KafkaMockCluster: Sendable {
    private let mock: RDKafkaMockCluster

    /// Comma-separated host:port list for `bootstrap.servers` (or kcat's `-b`).
    public var bootstrapServers: String { mock.bootstrapServers }

    public init(brokers: Int = 1) throws(KafkaError) {
        mock = try RDKafkaMockCluster(brokers: brokers)
    }

    public func createTopic(_ name: String, partitions: Int = 1) throws(KafkaError) {
        try mock.createTopic(name, partitions: partitions)
    }

    /// Takes a broker (ids start at 1) off the network: its connections drop and new ones are refused.
    public func setBrokerDown(_ id: Int32 = 1) {
        mock.setBroker(id, up: false)
    }

    /// The next `count` produce requests are refused with a permanent error (message too large), so their messages'
    /// delivery reports fail — for testing what happens after a failed delivery.
    public func refuseNextProduceRequests(_ count: Int) {
        mock.failProduceRequests(count, code: 10)
    }

    public func setBrokerUp(_ id: Int32 = 1) {
        mock.setBroker(id, up: true)
    }
}

import CRdKafka
import Foundation

/// librdkafka's built-in mock cluster: real Kafka protocol on loopback ports, brokers that can be taken down
/// and brought back. For tests and local experiments; it keeps only a few MB per partition.
public final class KafkaMockCluster: @unchecked Sendable {
    private let owner: OpaquePointer
    private let cluster: OpaquePointer
    /// Comma-separated host:port list for `bootstrap.servers` (or kcat's `-b`).
    public let bootstrapServers: String

    public init(brokers: Int = 1) throws(KafkaError) {
        let configuration = rd_kafka_conf_new()!
        var errorText = [CChar](repeating: 0, count: 512)
        guard let owner = rd_kafka_new(RD_KAFKA_PRODUCER, configuration, &errorText, errorText.count) else {
            rd_kafka_conf_destroy(configuration)
            throw KafkaError(code: -1, name: "client_creation_failed", message: String(errorBuffer: errorText))
        }
        guard let cluster = rd_kafka_mock_cluster_new(owner, Int32(brokers)) else {
            rd_kafka_destroy(owner)
            throw KafkaError(code: -1, name: "mock_cluster_failed", message: "could not start a mock cluster")
        }
        self.owner = owner
        self.cluster = cluster
        bootstrapServers = String(cString: rd_kafka_mock_cluster_bootstraps(cluster))
    }

    deinit {
        rd_kafka_mock_cluster_destroy(cluster)
        rd_kafka_destroy(owner)
    }

    public func createTopic(_ name: String, partitions: Int = 1) throws(KafkaError) {
        let code = rd_kafka_mock_topic_create(cluster, name, Int32(partitions), 1)
        guard code == RD_KAFKA_RESP_ERR_NO_ERROR else { throw RDKafkaClient.error(code) }
    }

    /// Takes a broker (ids start at 1) off the network: its connections drop and new ones are refused.
    public func setBrokerDown(_ id: Int32 = 1) {
        _ = rd_kafka_mock_broker_set_down(cluster, id)
    }

    public func setBrokerUp(_ id: Int32 = 1) {
        _ = rd_kafka_mock_broker_set_up(cluster, id)
    }
}

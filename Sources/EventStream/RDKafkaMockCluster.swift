import CRdKafka
import Foundation

/// librdkafka's mock cluster and the client handle that owns it — the C side of `KafkaMockCluster`.
final class RDKafkaMockCluster: @unchecked Sendable {
    private let owner: OpaquePointer
    private let cluster: OpaquePointer
    let bootstrapServers: String

    init(brokers: Int) throws(KafkaError) {
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

    func createTopic(_ name: String, partitions: Int) throws(KafkaError) {
        let code = rd_kafka_mock_topic_create(cluster, name, Int32(partitions), 1)
        guard code == RD_KAFKA_RESP_ERR_NO_ERROR else { throw RDKafkaClient.error(code) }
    }

    /// The next `count` produce requests fail with `code` (a Kafka protocol error number).
    func failProduceRequests(_ count: Int, code: Int32) {
        let errors = [rd_kafka_resp_err_t](repeating: rd_kafka_resp_err_t(rawValue: code), count: count)
        // ApiKey 0 is Produce in the Kafka protocol.
        errors.withUnsafeBufferPointer { rd_kafka_mock_push_request_errors_array(cluster, 0, count, $0.baseAddress) }
    }

    func setBroker(_ id: Int32, up: Bool) {
        _ = up ? rd_kafka_mock_broker_set_up(cluster, id) : rd_kafka_mock_broker_set_down(cluster, id)
    }
}

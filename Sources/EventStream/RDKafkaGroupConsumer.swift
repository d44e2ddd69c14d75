import CRdKafka
import Foundation

/// A librdkafka consumer in a consumer group, subscribed to one topic — the C side of `KafkaGroupConsumer`. The
/// group's coordinator assigns partitions; offsets are committed only when asked, synchronously. Every call may block
/// up to its timeout, so callers run it off Swift's cooperative threads, one call at a time.
final class RDKafkaGroupConsumer: @unchecked Sendable {
    private let handle: OpaquePointer
    private let topic: String

    init(properties: [(String, String)], topic: String) throws(KafkaError) {
        handle = try RDKafkaClient.makeHandle(RD_KAFKA_CONSUMER, properties: properties)
        self.topic = topic
        rd_kafka_poll_set_consumer(handle)
        let list = rd_kafka_topic_partition_list_new(1)
        defer { rd_kafka_topic_partition_list_destroy(list) }
        rd_kafka_topic_partition_list_add(list, topic, RD_KAFKA_PARTITION_UA)
        let code = rd_kafka_subscribe(handle, list)
        guard code == RD_KAFKA_RESP_ERR_NO_ERROR else {
            rd_kafka_destroy(handle)
            throw RDKafkaClient.error(code)
        }
    }

    deinit {
        rd_kafka_destroy(handle)
    }

    /// Up to `maxMessages`, waiting at most `timeoutMilliseconds` for the first and then taking only what has already
    /// arrived. Errors the consumer reports on the way (a broker away, a rebalance) come back beside the messages.
    func poll(maxMessages: Int, timeoutMilliseconds: Int32) -> (messages: [KafkaMessage], errors: [KafkaError]) {
        var messages: [KafkaMessage] = []
        var errors: [KafkaError] = []
        var timeout = timeoutMilliseconds
        while messages.count < maxMessages, let message = rd_kafka_consumer_poll(handle, timeout) {
            timeout = 0
            defer { rd_kafka_message_destroy(message) }
            switch message.pointee.err {
            case RD_KAFKA_RESP_ERR_NO_ERROR: messages.append(RDKafkaConsumer.message(message))
            case RD_KAFKA_RESP_ERR__PARTITION_EOF: continue
            case let code: errors.append(RDKafkaClient.error(code))
            }
        }
        return (messages, errors)
    }

    /// Commits `offsets` (partition → the next offset to read) for the group, waiting for the coordinator's answer.
    func commit(_ offsets: [Int32: Int64]) throws(KafkaError) {
        guard !offsets.isEmpty else { return }
        let list = rd_kafka_topic_partition_list_new(Int32(offsets.count))
        defer { rd_kafka_topic_partition_list_destroy(list) }
        for (partition, offset) in offsets {
            rd_kafka_topic_partition_list_add(list, topic, partition)?.pointee.offset = offset
        }
        let code = rd_kafka_commit(handle, list, 0)
        guard code == RD_KAFKA_RESP_ERR_NO_ERROR else { throw RDKafkaClient.error(code) }
        guard let list else { return }
        for index in 0..<Int(list.pointee.cnt) where list.pointee.elems[index].err != RD_KAFKA_RESP_ERR_NO_ERROR {
            throw RDKafkaClient.error(list.pointee.elems[index].err)
        }
    }

    /// Leaves the group, so its partitions go to another member at once instead of after the session timeout.
    func close() {
        rd_kafka_consumer_close(handle)
    }
}

import CRdKafka
import Foundation

/// A librdkafka consumer handle for reading partitions back from given offsets to their end — the C side of
/// `KafkaTopicReader`. It joins no group and commits nothing: partitions are assigned by hand. Every call blocks up
/// to its timeout, so callers run it off Swift's cooperative threads.
final class RDKafkaConsumer: @unchecked Sendable {
    private let handle: OpaquePointer

    init(properties: [(String, String)]) throws(KafkaError) {
        handle = try RDKafkaClient.makeHandle(RD_KAFKA_CONSUMER, properties: properties)
        // Fetched messages then arrive on the queue rd_kafka_consumer_poll serves.
        rd_kafka_poll_set_consumer(handle)
    }

    deinit {
        rd_kafka_consumer_close(handle)
        rd_kafka_destroy(handle)
    }

    /// The topic's partition ids; empty when the topic does not exist.
    func partitions(of topic: String, timeoutMilliseconds: Int32) throws(KafkaError) -> [Int32] {
        try RDKafkaClient.partitions(of: topic, handle: handle, timeoutMilliseconds: timeoutMilliseconds)
    }

    /// The first offset still stored and the offset the next message will get.
    func watermarks(topic: String, partition: Int32, timeoutMilliseconds: Int32) throws(KafkaError) -> (low: Int64, high: Int64) {
        var low: Int64 = 0
        var high: Int64 = 0
        let code = rd_kafka_query_watermark_offsets(handle, topic, partition, &low, &high, timeoutMilliseconds)
        guard code == RD_KAFKA_RESP_ERR_NO_ERROR else { throw RDKafkaClient.error(code) }
        return (low, high)
    }

    /// Every message from `offsets` (partition → first offset) to each partition's end as this consumer's
    /// isolation level sees it. Needs `enable.partition.eof=true`; fails with `_TIMED_OUT` if some partition's end
    /// is not reached within `timeoutMilliseconds`.
    func read(topic: String, from offsets: [Int32: Int64], timeoutMilliseconds: Int32) throws(KafkaError) -> [KafkaMessage] {
        guard !offsets.isEmpty else { return [] }
        let list = rd_kafka_topic_partition_list_new(Int32(offsets.count))
        defer { rd_kafka_topic_partition_list_destroy(list) }
        for (partition, offset) in offsets {
            rd_kafka_topic_partition_list_add(list, topic, partition)?.pointee.offset = offset
        }
        let assigned = rd_kafka_assign(handle, list)
        guard assigned == RD_KAFKA_RESP_ERR_NO_ERROR else { throw RDKafkaClient.error(assigned) }
        defer { rd_kafka_assign(handle, nil) }

        var messages: [KafkaMessage] = []
        var unfinished = Set(offsets.keys)
        let deadline = ContinuousClock.now + .milliseconds(timeoutMilliseconds)
        while !unfinished.isEmpty {
            guard ContinuousClock.now < deadline else {
                throw KafkaError(code: -185, name: "_TIMED_OUT", message: "partitions \(unfinished.sorted()) of \(topic) not read to their end", recovery: .retry)
            }
            guard let message = rd_kafka_consumer_poll(handle, 100) else { continue }
            defer { rd_kafka_message_destroy(message) }
            let partition = message.pointee.partition
            switch message.pointee.err {
            case RD_KAFKA_RESP_ERR_NO_ERROR:
                messages.append(Self.message(message))
            case RD_KAFKA_RESP_ERR__PARTITION_EOF:
                unfinished.remove(partition)
            default:
                // Broker or network trouble: librdkafka keeps fetching; the deadline decides.
                continue
            }
        }
        return messages
    }

    static func message(_ message: UnsafeMutablePointer<rd_kafka_message_t>) -> KafkaMessage {
        let pointee = message.pointee
        let key = pointee.key.map { Data(bytes: $0, count: pointee.key_len) }
        let value = pointee.payload.map { Data(bytes: $0, count: pointee.len) } ?? Data()
        var headers: [String: Data] = [:]
        var headerList: OpaquePointer?
        if rd_kafka_message_headers(message, &headerList) == RD_KAFKA_RESP_ERR_NO_ERROR, let headerList {
            var index = 0
            var name: UnsafePointer<CChar>?
            var bytes: UnsafeRawPointer?
            var size = 0
            while rd_kafka_header_get_all(headerList, index, &name, &bytes, &size) == RD_KAFKA_RESP_ERR_NO_ERROR {
                if let name { headers[String(cString: name)] = bytes.map { Data(bytes: $0, count: size) } ?? Data() }
                index += 1
            }
        }
        return KafkaMessage(partition: pointee.partition, offset: pointee.offset, key: key, value: value, headers: headers)
    }
}

import CRdKafka
import Foundation

/// The one place that holds a librdkafka producer's C pointers. Delivery reports come through the event API
/// (`RD_KAFKA_EVENT_DR` on the main queue), so no C callback has to reach back into Swift.
///
/// librdkafka's handle is thread-safe for produce, poll, flush and the transactional calls; the class is
/// `@unchecked Sendable` for that reason and has no Swift state of its own.
final class RDKafkaClient: @unchecked Sendable {
    private let handle: OpaquePointer
    private let queue: OpaquePointer

    init(properties: [(String, String)]) throws(KafkaError) {
        handle = try Self.makeHandle(RD_KAFKA_PRODUCER, properties: properties, events: Int32(RD_KAFKA_EVENT_DR))
        queue = rd_kafka_queue_get_main(handle)
    }

    deinit {
        rd_kafka_queue_destroy(queue)
        rd_kafka_destroy(handle)
    }

    /// A producer or consumer handle configured with `properties`; `events` routes those event types to the
    /// application's queue instead of callbacks.
    static func makeHandle(_ type: rd_kafka_type_t, properties: [(String, String)], events: Int32 = 0) throws(KafkaError) -> OpaquePointer {
        guard let configuration = rd_kafka_conf_new() else {
            throw KafkaError(code: -1, name: "client_creation_failed", message: "out of memory")
        }
        for (key, value) in properties {
            var errorText = [CChar](repeating: 0, count: 512)
            guard rd_kafka_conf_set(configuration, key, value, &errorText, errorText.count) == RD_KAFKA_CONF_OK else {
                rd_kafka_conf_destroy(configuration)
                throw KafkaError(code: -1, name: "invalid_configuration", message: "\(key): " + String(errorBuffer: errorText))
            }
        }
        if events != 0 { rd_kafka_conf_set_events(configuration, events) }
        var errorText = [CChar](repeating: 0, count: 512)
        // On success rd_kafka_new owns the configuration; on failure the caller still does.
        guard let handle = rd_kafka_new(type, configuration, &errorText, errorText.count) else {
            rd_kafka_conf_destroy(configuration)
            throw KafkaError(code: -1, name: "client_creation_failed", message: String(errorBuffer: errorText))
        }
        return handle
    }

    /// Enqueues one message; librdkafka copies key, value and headers before returning. Without `partition` the
    /// partitioner picks one from the key.
    /// librdkafka copies the key, the value and the headers' values during the call, so they are lent, not copied here
    /// (a relay sends tens of thousands of messages a second).
    func produce(topic: String, partition: Int32?, key: String, value: Data, headers: [(name: String, value: String)], id: UInt64) throws(KafkaError) {
        var headerList: OpaquePointer?
        if !headers.isEmpty {
            headerList = rd_kafka_headers_new(headers.count)
            for header in headers {
                var text = header.value
                _ = text.withUTF8 { rd_kafka_header_add(headerList, header.name, -1, $0.baseAddress, $0.count) }
            }
        }
        var key = key
        let error = key.withUTF8 { keyBytes in
            value.withUnsafeBytes { valueBytes in
                kiroku_rd_kafka_produce(
                    handle, topic, partition ?? RD_KAFKA_PARTITION_UA, keyBytes.isEmpty ? nil : keyBytes.baseAddress, keyBytes.count,
                    valueBytes.isEmpty ? nil : valueBytes.baseAddress, valueBytes.count, headerList, UnsafeMutableRawPointer(bitPattern: UInt(id))
                )
            }
        }
        guard error == RD_KAFKA_RESP_ERR_NO_ERROR else {
            // Headers belong to librdkafka only once the message is accepted.
            if let headerList { rd_kafka_headers_destroy(headerList) }
            throw Self.error(error)
        }
    }

    /// The topic's partition ids as the cluster describes them (empty when the topic does not exist). The answer also
    /// fills the handle's metadata cache, so a producer's first message to the topic need not wait for the lookup.
    static func partitions(of topic: String, handle: OpaquePointer, timeoutMilliseconds: Int32) throws(KafkaError) -> [Int32] {
        guard let topicHandle = rd_kafka_topic_new(handle, topic, nil) else { return [] }
        defer { rd_kafka_topic_destroy(topicHandle) }
        var metadata: UnsafePointer<rd_kafka_metadata>?
        let code = rd_kafka_metadata(handle, 0, topicHandle, &metadata, timeoutMilliseconds)
        guard code == RD_KAFKA_RESP_ERR_NO_ERROR, let metadata else { throw error(code) }
        defer { rd_kafka_metadata_destroy(metadata) }
        guard metadata.pointee.topic_cnt > 0, let described = metadata.pointee.topics?.pointee,
              described.err == RD_KAFKA_RESP_ERR_NO_ERROR
        else { return [] }
        return (0..<Int(described.partition_cnt)).compactMap { described.partitions?[$0].id }
    }

    func partitions(of topic: String, timeoutMilliseconds: Int32) throws(KafkaError) -> [Int32] {
        try Self.partitions(of: topic, handle: handle, timeoutMilliseconds: timeoutMilliseconds)
    }

    /// Delivery reports that are ready, waiting at most `timeoutMilliseconds` for the first.
    func poll(timeoutMilliseconds: Int32) -> [KafkaDeliveryReport] {
        var reports: [KafkaDeliveryReport] = []
        var timeout = timeoutMilliseconds
        while let event = rd_kafka_queue_poll(queue, timeout) {
            timeout = 0
            defer { rd_kafka_event_destroy(event) }
            guard rd_kafka_event_type(event) == RD_KAFKA_EVENT_DR else { continue }
            while let message = rd_kafka_event_message_next(event) {
                let id = UInt64(UInt(bitPattern: message.pointee._private))
                let code = message.pointee.err
                if code == RD_KAFKA_RESP_ERR_NO_ERROR {
                    reports.append(KafkaDeliveryReport(id: id, result: .success(.init(partition: message.pointee.partition, offset: message.pointee.offset))))
                } else {
                    reports.append(KafkaDeliveryReport(id: id, result: .failure(Self.error(code))))
                }
            }
        }
        return reports
    }

    /// Messages produced but not yet acknowledged (or whose report is not yet polled).
    var outstanding: Int {
        Int(rd_kafka_outq_len(handle))
    }

    // MARK: Transactions. Each call may block up to its timeout: callers run them off Swift's cooperative threads.

    func initTransactions(timeoutMilliseconds: Int32) throws(KafkaError) {
        try Self.check(rd_kafka_init_transactions(handle, timeoutMilliseconds))
    }

    func beginTransaction() throws(KafkaError) {
        try Self.check(rd_kafka_begin_transaction(handle))
    }

    /// Flushes what the transaction produced, then commits it. A `.retry` error (timed out) may be resumed by
    /// calling again.
    func commitTransaction(timeoutMilliseconds: Int32) throws(KafkaError) {
        try Self.check(rd_kafka_commit_transaction(handle, timeoutMilliseconds))
    }

    func abortTransaction(timeoutMilliseconds: Int32) throws(KafkaError) {
        try Self.check(rd_kafka_abort_transaction(handle, timeoutMilliseconds))
    }

    /// Converts a transactional call's error object (and destroys it), keeping librdkafka's advice on recovery.
    private static func check(_ error: OpaquePointer?) throws(KafkaError) {
        guard let error else { return }
        defer { rd_kafka_error_destroy(error) }
        let recovery: KafkaError.Recovery =
            rd_kafka_error_is_fatal(error) != 0 ? .recreateProducer
            : rd_kafka_error_txn_requires_abort(error) != 0 ? .abortTransaction
            : rd_kafka_error_is_retriable(error) != 0 ? .retry
            : .none
        throw KafkaError(
            code: rd_kafka_error_code(error).rawValue, name: String(cString: rd_kafka_error_name(error)),
            message: String(cString: rd_kafka_error_string(error)), recovery: recovery
        )
    }

    static func error(_ code: rd_kafka_resp_err_t) -> KafkaError {
        KafkaError(code: code.rawValue, name: String(cString: rd_kafka_err2name(code)), message: String(cString: rd_kafka_err2str(code)))
    }
}

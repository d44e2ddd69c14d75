import CRdKafka
import Foundation

/// The one place that holds librdkafka's C pointers. Delivery reports come through the event API
/// (`RD_KAFKA_EVENT_DR` on the main queue), so no C callback has to reach back into Swift.
///
/// librdkafka's handle is thread-safe for produce, poll and flush; the class is `@unchecked Sendable` for that
/// reason and has no Swift state of its own.
final class RDKafkaClient: @unchecked Sendable {
    private let handle: OpaquePointer
    private let queue: OpaquePointer

    init(properties: [(String, String)]) throws(KafkaError) {
        let configuration = rd_kafka_conf_new()!
        for (key, value) in properties {
            var errorText = [CChar](repeating: 0, count: 512)
            guard rd_kafka_conf_set(configuration, key, value, &errorText, errorText.count) == RD_KAFKA_CONF_OK else {
                rd_kafka_conf_destroy(configuration)
                throw KafkaError(code: -1, name: "invalid_configuration", message: "\(key): " + String(errorBuffer: errorText))
            }
        }
        rd_kafka_conf_set_events(configuration, Int32(RD_KAFKA_EVENT_DR))
        var errorText = [CChar](repeating: 0, count: 512)
        // On success rd_kafka_new owns the configuration; on failure the caller still does.
        guard let handle = rd_kafka_new(RD_KAFKA_PRODUCER, configuration, &errorText, errorText.count) else {
            rd_kafka_conf_destroy(configuration)
            throw KafkaError(code: -1, name: "client_creation_failed", message: String(errorBuffer: errorText))
        }
        self.handle = handle
        self.queue = rd_kafka_queue_get_main(handle)
    }

    deinit {
        rd_kafka_queue_destroy(queue)
        rd_kafka_destroy(handle)
    }

    /// Enqueues one message; librdkafka copies key and value before returning.
    func produce(topic: String, key: [UInt8], value: [UInt8], id: UInt64) throws(KafkaError) {
        let error = key.withUnsafeBytes { keyBytes in
            value.withUnsafeBytes { valueBytes in
                kiroku_rd_kafka_produce(
                    handle, topic, keyBytes.baseAddress, keyBytes.count, valueBytes.baseAddress, valueBytes.count,
                    UnsafeMutableRawPointer(bitPattern: UInt(id))
                )
            }
        }
        guard error == RD_KAFKA_RESP_ERR_NO_ERROR else { throw Self.error(error) }
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

    static func error(_ code: rd_kafka_resp_err_t) -> KafkaError {
        KafkaError(code: code.rawValue, name: String(cString: rd_kafka_err2name(code)), message: String(cString: rd_kafka_err2str(code)))
    }
}

import Foundation

/// Reads partitions back from Kafka up to their end, by default as a `read_committed` consumer: what a
/// downstream consumer would see. The outbox relay uses it to find its committed position after a restart; tests
/// use it to check what landed. Each call opens a consumer of its own (no group, nothing committed) and closes it.
public struct KafkaTopicReader: Sendable {
    public var bootstrapServers: String
    /// librdkafka properties applied after the defaults (security settings, `isolation.level`, …).
    public var options: [String: String]
    public var timeout: Duration

    public init(bootstrapServers: String, options: [String: String] = [:], timeout: Duration = .seconds(10)) {
        self.bootstrapServers = bootstrapServers
        self.options = options
        self.timeout = timeout
    }

    public static let defaults: [String: String] = [
        "isolation.level": "read_committed",
        "enable.partition.eof": "true",
        "enable.auto.commit": "false",
        "enable.auto.offset.store": "false",
        // An offset the log no longer holds (trimmed by retention) reads from the oldest one kept.
        "auto.offset.reset": "earliest",
        // A read ends at each partition's end, which a fetch there reports only after waiting this long for new
        // messages (librdkafka's default is 500 ms, paid by every relay start).
        "fetch.wait.max.ms": "10",
        "group.id": "kiroku-reader",
        "client.id": "kiroku-reader",
    ]

    public struct Partition: Sendable, Equatable {
        public let id: Int32
        /// The oldest offset still stored.
        public let low: Int64
        /// The offset the next message will get.
        public let high: Int64
    }

    /// The topic's partitions and their watermarks; empty when the topic does not exist.
    public func partitions(of topic: String) async throws(KafkaError) -> [Partition] {
        let properties = self.properties
        let milliseconds = Self.milliseconds(timeout)
        return try await RDKafkaBlocking.run { () throws(KafkaError) -> [Partition] in
            let consumer = try RDKafkaConsumer(properties: properties)
            var partitions: [Partition] = []
            for id in try consumer.partitions(of: topic, timeoutMilliseconds: milliseconds) {
                let marks = try consumer.watermarks(topic: topic, partition: id, timeoutMilliseconds: milliseconds)
                partitions.append(Partition(id: id, low: marks.low, high: marks.high))
            }
            return partitions
        }
    }

    /// Every message from `offsets` (partition → first offset) to the end of each of those partitions.
    public func read(topic: String, from offsets: [Int32: Int64]) async throws(KafkaError) -> [KafkaMessage] {
        let properties = self.properties
        let milliseconds = Self.milliseconds(timeout)
        return try await RDKafkaBlocking.run { () throws(KafkaError) -> [KafkaMessage] in
            try RDKafkaConsumer(properties: properties).read(topic: topic, from: offsets, timeoutMilliseconds: milliseconds)
        }
    }

    /// Every message in every partition of `topic`, partition by partition in offset order.
    public func readAll(topic: String) async throws(KafkaError) -> [KafkaMessage] {
        let starts = try await partitions(of: topic).reduce(into: [Int32: Int64]()) { $0[$1.id] = $1.low }
        return try await read(topic: topic, from: starts).sorted { ($0.partition, $0.offset) < ($1.partition, $1.offset) }
    }

    var properties: [(String, String)] {
        var merged = Self.defaults
        merged["bootstrap.servers"] = bootstrapServers
        merged.merge(options) { _, override in override }
        return merged.sorted { $0.key < $1.key }
    }

    static func milliseconds(_ duration: Duration) -> Int32 {
        Int32(clamping: duration.components.seconds * 1_000 + duration.components.attoseconds / 1_000_000_000_000_000)
    }
}

import Foundation

/// Reads one topic as a member of a consumer group and commits offsets only when told to: the caller commits after it
/// has durably stored what it read, so a crash re-reads (at least once) and loses nothing. Partitions are shared
/// with the group's other members and move on rebalances; a partition taken over resumes from its last commit.
public final class KafkaGroupConsumer: Sendable {
    private let consumer: RDKafkaGroupConsumer

    public static let defaults: [String: String] = [
        "enable.auto.commit": "false",
        "enable.auto.offset.store": "false",
        // A group with no commit yet starts at the oldest message kept.
        "auto.offset.reset": "earliest",
        "isolation.level": "read_committed",
        "client.id": "kiroku-ingest",
    ]

    /// `options` are librdkafka properties applied after the defaults (`--kafka-option key=value`).
    public init(bootstrapServers: String, group: String, topic: String, options: [String: String] = [:]) throws(KafkaError) {
        var properties = Self.defaults
        properties["bootstrap.servers"] = bootstrapServers
        properties["group.id"] = group
        properties.merge(options) { _, override in override }
        consumer = try RDKafkaGroupConsumer(properties: properties.sorted { $0.key < $1.key }, topic: topic)
    }

    /// Up to `maxMessages` messages, waiting at most `timeout` for the first; with the errors librdkafka reported.
    public func poll(maxMessages: Int, timeout: Duration) async -> (messages: [KafkaMessage], errors: [KafkaError]) {
        let consumer = self.consumer
        let milliseconds = KafkaTopicReader.milliseconds(timeout)
        let result = try? await RDKafkaBlocking.run { () throws(KafkaError) in consumer.poll(maxMessages: maxMessages, timeoutMilliseconds: milliseconds) }
        return result ?? ([], [])
    }

    /// Commits, for each partition among `messages`, the offset after its last one.
    public func commit(after messages: [KafkaMessage]) async throws(KafkaError) {
        let offsets = messages.reduce(into: [Int32: Int64]()) { $0[$1.partition] = max($0[$1.partition] ?? 0, $1.offset + 1) }
        let consumer = self.consumer
        try await RDKafkaBlocking.run { () throws(KafkaError) in try consumer.commit(offsets) }
    }

    /// Leaves the group. Call once, when done.
    public func close() async {
        let consumer = self.consumer
        _ = try? await RDKafkaBlocking.run { () throws(KafkaError) in consumer.close() }
    }
}

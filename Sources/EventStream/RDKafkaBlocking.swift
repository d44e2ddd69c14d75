import Dispatch

/// Where librdkafka calls that block (transactions, metadata, reading partitions back) run: threads of their own,
/// so a broker that is slow to answer never holds one of Swift's few cooperative threads.
enum RDKafkaBlocking {
    private static let queue = DispatchQueue(label: "kiroku.rdkafka.blocking", attributes: .concurrent)

    static func run<Value: Sendable>(_ body: @escaping @Sendable () throws(KafkaError) -> Value) async throws(KafkaError) -> Value {
        let result: Result<Value, KafkaError> = await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: Result { () throws(KafkaError) -> Value in try body() }) }
        }
        return try result.get()
    }

    /// Delivery reports of `client`, waiting up to `timeoutMilliseconds` for the first on a thread of this queue.
    static func poll(_ client: RDKafkaClient, timeoutMilliseconds: Int32) async -> [KafkaDeliveryReport] {
        (try? await run { () throws(KafkaError) in client.poll(timeoutMilliseconds: timeoutMilliseconds) }) ?? []
    }
}

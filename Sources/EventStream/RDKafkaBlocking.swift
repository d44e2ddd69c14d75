import Dispatch

/// Where librdkafka calls that block (transactions, metadata, reading partitions back, waiting for delivery reports)
/// run: threads of their own, so a broker that is slow to answer never holds one of Swift's few cooperative threads.
///
/// Each call gets a serial queue of its own, and so a thread of libdispatch's overcommit pool, which grows for work
/// that waits. A shared concurrent queue would not do on Linux: its blocks run on the same default-priority threads
/// as Swift's tasks, as many as cores, and with those held by waiting calls every task of the server waited two to
/// three seconds for libdispatch to add a thread (`KafkaProducerTests.kafkaCallsThatWaitLeaveSwiftsThreadsFree`).
/// A queue costs an allocation; a call that blocks costs milliseconds to seconds.
enum RDKafkaBlocking {
    static func run<Value: Sendable>(_ body: @escaping @Sendable () throws(KafkaError) -> Value) async throws(KafkaError) -> Value {
        let result: Result<Value, KafkaError> = await withCheckedContinuation { continuation in
            DispatchQueue(label: "kiroku.rdkafka.call").async {
                continuation.resume(returning: Result { () throws(KafkaError) -> Value in try body() })
            }
        }
        return try result.get()
    }

    /// Delivery reports of `client`, waiting up to `timeoutMilliseconds` for the first on a thread of its own.
    static func poll(_ client: RDKafkaClient, timeoutMilliseconds: Int32) async -> [KafkaDeliveryReport] {
        (try? await run { () throws(KafkaError) in client.poll(timeoutMilliseconds: timeoutMilliseconds) }) ?? []
    }
}

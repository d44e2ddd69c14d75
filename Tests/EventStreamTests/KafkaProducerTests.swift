import EventStream
import Foundation
import Logging
import ServiceLifecycle
import Testing

/// The producer against librdkafka's mock cluster: the real Kafka protocol over loopback TCP.
@Suite(.serialized, .timeLimit(.minutes(3))) struct KafkaProducerTests {
    @Test func everyMessageGetsASuccessfulDeliveryReportWithItsId() async throws {
        let cluster = try KafkaMockCluster(brokers: 1)
        try cluster.createTopic("health-data")
        let producer = try KafkaProducer(configuration: .init(bootstrapServers: cluster.bootstrapServers), logger: Logger(label: "test"))
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await producer.run() }
            for id in 1...20 {
                try producer.send(topic: "health-data", key: "1:user123", value: Data("{\"n\":\(id)}".utf8), id: UInt64(id))
            }
            var reports: [KafkaDeliveryReport] = []
            for await polled in producer.deliveryReports {
                reports.append(contentsOf: polled)
                if reports.count == 20 { break }
            }
            #expect(reports.filter { !$0.succeeded }.isEmpty)
            #expect(Set(reports.map(\.id)) == Set(1...20))
            // One key, one partition: offsets follow the order the messages were sent in.
            let offsets = reports.sorted { $0.id < $1.id }.compactMap { try? $0.result.get().offset }
            #expect(offsets == offsets.sorted())
            group.cancelAll()
        }
    }

    @Test func aCommittedTransactionIsReadByAReadCommittedConsumerWithItsHeaders() async throws {
        let cluster = try KafkaMockCluster(brokers: 1)
        try cluster.createTopic("health-data")
        let producer = try KafkaProducer(
            configuration: .init(bootstrapServers: cluster.bootstrapServers, transactionalId: "producer-test", options: ["linger.ms": "1"]),
            logger: Logger(label: "test")
        )
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await producer.run() }
            try await producer.initTransactions()
            try producer.beginTransaction()
            for id in 1...3 {
                try producer.send(topic: "health-data", key: "k", value: Data("\(id)".utf8), id: UInt64(id), headers: ["sample": "s\(id)"])
            }
            try await producer.commitTransaction()
            group.cancelAll()
        }
        let messages = try await KafkaTopicReader(bootstrapServers: cluster.bootstrapServers).readAll(topic: "health-data")
        #expect(messages.map { String(decoding: $0.value, as: UTF8.self) } == ["1", "2", "3"])
        #expect(messages.map(\.keyString) == ["k", "k", "k"])
        #expect(messages.map { $0.headers["sample"] } == ["s1", "s2", "s3"].map { Data($0.utf8) })
    }

    @Test func aBadPropertyIsRefusedWithItsName() {
        let error = #expect(throws: KafkaError.self) {
            _ = try KafkaProducer(configuration: .init(bootstrapServers: "127.0.0.1:1", options: ["no.such.property": "1"]), logger: Logger(label: "test"))
        }
        #expect(error?.message.contains("no.such.property") == true)
    }

    /// A Kafka call that waits (here for a broker that is not there) must not hold one of Swift's cooperative
    /// threads, which are as many as cores and run every request of the server: with all of them held, a task waits
    /// for libdispatch to notice and add a thread, two to three seconds on Linux.
    @Test func kafkaCallsThatWaitLeaveSwiftsThreadsFree() async throws {
        let waiting = max(4, 2 * ProcessInfo.processInfo.activeProcessorCount)
        let producers = try (0..<waiting).map { n in
            try KafkaProducer(configuration: .init(bootstrapServers: "127.0.0.1:1", transactionalId: "waits-\(n)"), logger: Logger(label: "test"))
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            // The server's tasks run at the default priority, and a call is queued at its caller's.
            for producer in producers {
                group.addTask(priority: .medium) { try? await producer.initTransactions(timeout: .seconds(5)) }
            }
            let asked = ContinuousClock.now
            let answered = await Task.detached(priority: .medium) {
                try? await Task.sleep(for: .milliseconds(10))
                return ContinuousClock.now
            }.value
            #expect(answered - asked < .seconds(1), "a task ran \(answered - asked) after it was started")
            try await group.waitForAll()
        }
    }
}

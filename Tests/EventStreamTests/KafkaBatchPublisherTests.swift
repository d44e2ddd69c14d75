import EventStream
import Foundation
import Logging
import Testing

/// The stateless gateway's two Kafka parts against librdkafka's mock cluster: a batch is answered only once every
/// message is acknowledged (or refused in time), and a consumer group resumes after its last commit.
@Suite(.serialized, .timeLimit(.minutes(3))) struct KafkaBatchPublisherTests {
    @Test func aBatchReturnsOnceEveryMessageIsInKafka() async throws {
        let cluster = try KafkaMockCluster(brokers: 1)
        try cluster.createTopic("health-data", partitions: 3)
        let publisher = try Self.publisher(cluster)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await publisher.run() }
            let messages = (1...50).map { KafkaBatchPublisher.Message(topic: "health-data", key: "phone:\($0)", value: Data("\($0)".utf8)) }
            try await publisher.publish(messages, timeout: .seconds(10))
            group.cancelAll()
        }
        let stored = try await KafkaTopicReader(bootstrapServers: cluster.bootstrapServers).readAll(topic: "health-data")
        #expect(Set(stored.compactMap(\.keyString)) == Set((1...50).map { "phone:\($0)" }))
    }

    @Test func aBatchKafkaCannotTakeInTimeFailsInsteadOfWaitingForever() async throws {
        let cluster = try KafkaMockCluster(brokers: 1)
        try cluster.createTopic("health-data")
        let publisher = try Self.publisher(cluster, options: ["message.timeout.ms": "1000"])
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await publisher.run() }
            try await Self.publishWhileTheBrokerIsUp(publisher)
            cluster.setBrokerDown()
            let started = ContinuousClock.now
            let error = await #expect(throws: KafkaError.self) {
                try await publisher.publish([.init(topic: "health-data", key: "k", value: Data("second".utf8))], timeout: .seconds(2))
            }
            #expect(error != nil)
            #expect(ContinuousClock.now - started < .seconds(5), "answered within the timeout, not when Kafka comes back")
            cluster.setBrokerUp()
            group.cancelAll()
        }
    }

    @Test func aConsumerGroupResumesAfterItsLastCommit() async throws {
        let cluster = try KafkaMockCluster(brokers: 1)
        try cluster.createTopic("health-data", partitions: 2)
        let publisher = try Self.publisher(cluster)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await publisher.run() }
            try await publisher.publish((1...30).map { .init(topic: "health-data", key: "k\($0)", value: Data("\($0)".utf8)) }, timeout: .seconds(10))
            group.cancelAll()
        }
        let first = try KafkaGroupConsumer(bootstrapServers: cluster.bootstrapServers, group: "g", topic: "health-data", options: Self.groupOptions)
        var read: [KafkaMessage] = []
        let deadline = ContinuousClock.now + .seconds(30)
        while read.count < 10, ContinuousClock.now < deadline {
            read += await first.poll(maxMessages: 10 - read.count, timeout: .milliseconds(500)).messages
        }
        try await first.commit(after: read)
        await first.close()

        let second = try KafkaGroupConsumer(bootstrapServers: cluster.bootstrapServers, group: "g", topic: "health-data", options: Self.groupOptions)
        var rest: [KafkaMessage] = []
        while read.count + rest.count < 30, ContinuousClock.now < deadline {
            rest += await second.poll(maxMessages: 100, timeout: .milliseconds(500)).messages
        }
        await second.close()
        let values = (read + rest).map { String(decoding: $0.value, as: UTF8.self) }
        #expect(values.count == 30, "the committed ten are not read again")
        #expect(Set(values) == Set((1...30).map(String.init)))
    }

    /// The set-up publish runs under the test's short `message.timeout.ms` too; on a busy machine the mock cluster can
    /// take longer than that to answer the first metadata request, so it is tried again rather than failing the test.
    static func publishWhileTheBrokerIsUp(_ publisher: KafkaBatchPublisher) async throws {
        let firstMessage: [KafkaBatchPublisher.Message] = [.init(topic: "health-data", key: "k", value: Data("first".utf8))]
        for _ in 1..<5 {
            do {
                try await publisher.publish(firstMessage, timeout: .seconds(10))
                return
            } catch {
                continue
            }
        }
        try await publisher.publish(firstMessage, timeout: .seconds(10))
    }

    /// librdkafka's mock coordinator holds a rebalance for up to the session timeout (45 s by default), even when the
    /// group's last member has left.
    static let groupOptions = ["session.timeout.ms": "6000", "heartbeat.interval.ms": "500"]

    static func publisher(_ cluster: KafkaMockCluster, options: [String: String] = [:]) throws -> KafkaBatchPublisher {
        KafkaBatchPublisher(producer: try KafkaProducer(
            configuration: .init(bootstrapServers: cluster.bootstrapServers, options: options), logger: Logger(label: "test")
        ))
    }
}

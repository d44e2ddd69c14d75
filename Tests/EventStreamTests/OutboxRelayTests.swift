import EventStream
import Foundation
import Logging
import ServiceLifecycle
import Testing

/// An in-memory outbox for the relay's own tests; the gateway's SQLite outbox is tested end to end elsewhere.
actor MemoryOutbox: OutboxSource {
    private(set) var entries: [OutboxEntry] = []
    private var nextId: Int64 = 1

    func add(key: String, value: String) {
        entries.append(OutboxEntry(id: nextId, key: key, value: Data(value.utf8)))
        nextId += 1
    }

    func pending(after id: Int64, limit: Int) async throws -> [OutboxEntry] {
        Array(entries.filter { $0.id > id }.prefix(limit))
    }

    func remove(ids: [Int64]) async throws {
        let gone = Set(ids)
        entries.removeAll { gone.contains($0.id) }
    }
}

@Suite(.serialized, .timeLimit(.minutes(3))) struct OutboxRelayTests {
    @Test func entriesArePublishedAndRemovedOnlyAfterDeliveryEvenAcrossABrokerOutage() async throws {
        let cluster = try KafkaMockCluster(brokers: 1)
        try cluster.createTopic("health-data")
        let outbox = MemoryOutbox()
        let logger = Logger(label: "test")
        let producer = try KafkaProducer(configuration: .init(bootstrapServers: cluster.bootstrapServers), logger: logger)
        let relay = OutboxRelay(source: outbox, producer: producer, topic: "health-data", logger: logger, maxInFlight: 10)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await producer.run() }
            group.addTask { try await relay.run() }
            for n in 1...5 { await outbox.add(key: "k", value: "\(n)") }
            try await Self.waitUntil(timeout: .seconds(90)) { await outbox.entries.isEmpty }

            cluster.setBrokerDown()
            for n in 6...30 { await outbox.add(key: "k", value: "\(n)") }
            try await Task.sleep(for: .seconds(1))
            // Kafka is away: nothing is removed, and only maxInFlight entries are out of the outbox's hands.
            #expect(await outbox.entries.count == 25)

            cluster.setBrokerUp()
            try await Self.waitUntil(timeout: .seconds(90)) { await outbox.entries.isEmpty }
            group.cancelAll()
        }
    }

    @Test func aFailedDeliveryIsRetriedAndItsEntryStaysUntilItLands() async throws {
        let cluster = try KafkaMockCluster(brokers: 1)
        try cluster.createTopic("health-data")
        let outbox = MemoryOutbox()
        let logger = Logger(label: "test")
        let producer = try KafkaProducer(configuration: .init(bootstrapServers: cluster.bootstrapServers, options: ["linger.ms": "0"]), logger: logger)
        let relay = OutboxRelay(source: outbox, producer: producer, topic: "health-data", logger: logger, maxInFlight: 10)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await producer.run() }
            group.addTask { try await relay.run() }
            // Deliver one first, so the connection is up and the next produce request is the one refused.
            await outbox.add(key: "k", value: "first")
            try await Self.waitUntil(timeout: .seconds(90)) { await outbox.entries.isEmpty }
            cluster.refuseNextProduceRequests(1)
            let added = ContinuousClock.now
            await outbox.add(key: "k", value: "second")
            // The refusal is reported as a failed delivery; the entry stays and is sent again after a backoff.
            try await Task.sleep(for: .milliseconds(300))
            #expect(await outbox.entries.count == 1)
            try await Self.waitUntil(timeout: .seconds(90)) { await outbox.entries.isEmpty }
            // It landed only after the relay's 1 s retry delay: a first attempt that had succeeded takes milliseconds.
            #expect(ContinuousClock.now - added >= .seconds(1))
            group.cancelAll()
        }
    }

    struct TimedOut: Error, CustomStringConvertible {
        let timeout: Duration
        var description: String { "condition not met within \(timeout)" }
    }

    /// Generous limits: librdkafka's reconnect backoff grows to 10 s, and CI shares two cores with other tests.
    static func waitUntil(timeout: Duration, _ condition: () async -> Bool) async throws {
        let deadline = ContinuousClock.now + timeout
        while await !condition() {
            guard ContinuousClock.now < deadline else { throw TimedOut(timeout: timeout) }
            try await Task.sleep(for: .milliseconds(50))
        }
    }
}

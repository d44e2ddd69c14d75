import EventStream
import Foundation
import Logging
import ServiceLifecycle
import Testing

/// An in-memory outbox for the relay's own tests; the gateway's SQLite outbox is tested end to end elsewhere. It can
/// forget to remove entries, which is what a crash between Kafka's commit and the outbox delete leaves behind.
actor MemoryOutbox: OutboxSource {
    private(set) var entries: [OutboxEntry] = []
    private var nextId: Int64 = 1
    private var ignoresRemoval = false

    func add(key: String, value: String) {
        entries.append(OutboxEntry(id: nextId, key: key, value: Data(value.utf8)))
        nextId += 1
    }

    func ignoreRemoval(_ ignore: Bool) {
        ignoresRemoval = ignore
    }

    func pending(after id: Int64, limit: Int) async throws -> [OutboxEntry] {
        Array(entries.filter { $0.id > id }.prefix(limit))
    }

    func remove(ids: [Int64]) async throws {
        guard !ignoresRemoval else { return }
        let gone = Set(ids)
        entries.removeAll { gone.contains($0.id) }
    }

    func remove(through id: Int64) async throws {
        guard !ignoresRemoval else { return }
        entries.removeAll { $0.id <= id }
    }
}

/// The transactional relay against librdkafka's mock cluster (the real Kafka protocol over loopback TCP), checked
/// the way a downstream consumer sees the topic: read back with `isolation.level=read_committed`.
@Suite(.serialized, .timeLimit(.minutes(3))) struct OutboxRelayTests {
    let cluster: KafkaMockCluster
    let logger = Logger(label: "test")

    init() throws {
        cluster = try KafkaMockCluster(brokers: 1)
        try cluster.createTopic("health-data", partitions: 2)
        try cluster.createTopic("positions", partitions: 1)
    }

    /// Short timeouts and reconnect backoff, so that outages end within the test's patience.
    var options: [String: String] {
        ["linger.ms": "1", "reconnect.backoff.max.ms": "500", "transaction.timeout.ms": "10000"]
    }

    var reader: KafkaTopicReader { KafkaTopicReader(bootstrapServers: cluster.bootstrapServers, options: ["reconnect.backoff.max.ms": "500"]) }

    func makeProducer(id: String = "relay-test") throws -> KafkaProducer {
        try KafkaProducer(configuration: .init(bootstrapServers: cluster.bootstrapServers, transactionalId: id, options: options), logger: logger)
    }

    func makeRelay(_ outbox: MemoryOutbox, _ producer: KafkaProducer, batchSize: Int = 10) -> OutboxRelay {
        OutboxRelay(
            source: outbox, producer: producer, reader: reader, topic: "health-data", positionTopic: "positions",
            logger: logger, batchSize: batchSize, maxBackoff: .seconds(1)
        )
    }

    /// Runs a producer and its relay until `body` returns.
    func running(_ producer: KafkaProducer, _ relay: OutboxRelay, _ body: () async throws -> Void) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await producer.run() }
            group.addTask { try await relay.run() }
            try await body()
            group.cancelAll()
        }
    }

    /// The values a read_committed consumer finds in the data topic, in partition and offset order.
    func consumed() async throws -> [String] {
        try await reader.readAll(topic: "health-data").map { String(decoding: $0.value, as: UTF8.self) }
    }

    @Test func everyEntryIsReadOnceByAReadCommittedConsumerEvenAcrossABrokerOutage() async throws {
        let outbox = MemoryOutbox()
        let producer = try makeProducer()
        try await running(producer, makeRelay(outbox, producer)) {
            for n in 1...25 { await outbox.add(key: "k\(n % 3)", value: "\(n)") }
            try await Self.waitUntil { await outbox.entries.isEmpty }

            cluster.setBrokerDown()
            for n in 26...60 { await outbox.add(key: "k\(n % 3)", value: "\(n)") }
            try await Task.sleep(for: .seconds(1))
            // Kafka is away: nothing is committed, so nothing leaves the outbox.
            #expect(await outbox.entries.count == 35)

            cluster.setBrokerUp()
            try await Self.waitUntil { await outbox.entries.isEmpty }
        }
        let values = try await consumed()
        #expect(values.sorted { (Int($0) ?? 0) < (Int($1) ?? 0) } == (1...60).map(String.init))
        // Each record also says which relay and which outbox entry it came from.
        let headers = try await reader.readAll(topic: "health-data").compactMap { $0.headers[OutboxRelay.outboxHeader] }
        #expect(headers.count == 60)
        #expect(headers.allSatisfy { $0.starts(with: Data("relay-test/".utf8)) })
    }

    @Test func aRefusedDeliveryAbortsTheTransactionAndTheBatchArrivesOnce() async throws {
        let outbox = MemoryOutbox()
        let producer = try makeProducer()
        try await running(producer, makeRelay(outbox, producer)) {
            // Deliver one first, so the connection is up and the next produce request is the one refused.
            await outbox.add(key: "k", value: "first")
            try await Self.waitUntil { await outbox.entries.isEmpty }
            cluster.refuseNextProduceRequests(1)
            for n in 1...5 { await outbox.add(key: "k", value: "second-\(n)") }
            try await Self.waitUntil { await outbox.entries.isEmpty }
        }
        #expect(try await consumed().sorted() == (["first"] + (1...5).map { "second-\($0)" }).sorted())
    }

    @Test func aRestartAfterACrashBeforeTheOutboxDeleteSendsNothingAgain() async throws {
        let outbox = MemoryOutbox()
        for n in 1...30 { await outbox.add(key: "k\(n % 2)", value: "\(n)") }
        // The first run commits its transactions but its removals never reach the outbox: what a SIGKILL right
        // after each commit leaves behind.
        await outbox.ignoreRemoval(true)
        let first = try makeProducer()
        try await running(first, makeRelay(outbox, first)) {
            try await Self.waitUntil { try await consumed().count == 30 }
        }
        #expect(await outbox.entries.count == 30)

        await outbox.ignoreRemoval(false)
        await outbox.add(key: "k", value: "31")
        let second = try makeProducer()
        try await running(second, makeRelay(outbox, second)) {
            try await Self.waitUntil { await outbox.entries.isEmpty }
        }
        // The restart read its committed position back from Kafka, removed entries 1–30 and sent only 31.
        #expect(try await consumed().sorted { (Int($0) ?? 0) < (Int($1) ?? 0) } == (1...31).map(String.init))
    }

    @Test func aTransactionLeftOpenByAKilledRelayIsNeverReadTwice() async throws {
        let outbox = MemoryOutbox()
        for n in 1...5 { await outbox.add(key: "k", value: "\(n)") }
        let first = try makeProducer()
        try await running(first, makeRelay(outbox, first)) {
            try await Self.waitUntil { await outbox.entries.isEmpty }
        }
        for n in 6...10 { await outbox.add(key: "k", value: "\(n)") }

        // A relay killed mid-transaction: entries 6–8 produced and acknowledged, never committed, never removed.
        let killed = try makeProducer()
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await killed.run() }
            try await killed.initTransactions()
            try killed.beginTransaction()
            for entry in await outbox.entries.prefix(3) {
                try killed.send(
                    topic: "health-data", key: entry.key, value: entry.value, id: UInt64(entry.id),
                    headers: [OutboxRelay.outboxHeader: "relay-test/\(entry.id)"]
                )
            }
            try await Self.waitUntil { killed.outstanding == 0 }
            group.cancelAll()
        }

        // The next start fences it (its transaction is aborted) and publishes the rest.
        let second = try makeProducer()
        try await running(second, makeRelay(outbox, second)) {
            try await Self.waitUntil { await outbox.entries.isEmpty }
        }
        #expect(try await consumed() == (1...10).map(String.init))
        withExtendedLifetime(killed) {}
    }

    struct TimedOut: Error, CustomStringConvertible {
        let timeout: Duration
        var description: String { "condition not met within \(timeout)" }
    }

    /// Generous limits: CI shares two cores with other tests.
    static func waitUntil(timeout: Duration = .seconds(60), _ condition: () async throws -> Bool) async throws {
        let deadline = ContinuousClock.now + timeout
        while try await !condition() {
            guard ContinuousClock.now < deadline else { throw TimedOut(timeout: timeout) }
            try await Task.sleep(for: .milliseconds(50))
        }
    }
}

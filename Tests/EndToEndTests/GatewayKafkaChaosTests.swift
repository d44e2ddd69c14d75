import AsyncHTTPClient
import EventStream
import Foundation
import NIOCore
import NIOHTTP1
import Testing

/// The gateway's exactly-once promise under abuse: phones keep posting distinct samples while the real `kiroku serve`
/// is SIGKILLed three times (restarted each time on the same data directory) and Kafka goes away once; at the end a
/// `read_committed` consumer in another process (kcat) finds every acknowledged sample exactly once.
///
/// Kafka is librdkafka's mock cluster in this process. It is taken away with `rd_kafka_mock_broker_set_down` and
/// brought back with `…_set_up`: connections drop and new ones are refused, as when a broker restarts, but the log
/// survives. A mock cluster destroyed and created again would come back empty on new ports, which no real restart does.
@Suite(.serialized, .timeLimit(.minutes(3))) struct GatewayKafkaChaosTests {
    @Test func threeKillsAndAKafkaOutageLoseNothingAndDuplicateNothing() async throws {
        let kiroku = try #require(Programs.kiroku, "build kiroku first: swift build --build-tests")
        let kcat = try #require(Programs.kcat, "install kcat (make test does this as root)")
        let fixture = try GatewayKafkaFixture(kiroku: kiroku, name: "chaos")
        let (cluster, dataDirectory, key) = (fixture.cluster, fixture.dataDirectory, fixture.key)
        defer { try? FileManager.default.removeItem(atPath: dataDirectory) }

        let port = Programs.freePort()
        let site = "http://127.0.0.1:\(port)"
        try FileManager.default.createDirectory(at: BrowserHarness.artifacts, withIntermediateDirectories: true)
        let server = RestartableServer(executable: kiroku.path, arguments: [
            "serve", "--port", "\(port)", "--data-dir", dataDirectory, "--log-format", "json", "--gateway-rate", "1000000",
            "--kafka-brokers", cluster.bootstrapServers,
            // Short enough that the outage below outlasts a transaction (so it is aborted and sent again), and that
            // reconnecting after it takes well under a second.
            "--kafka-option", "transaction.timeout.ms=3000", "--kafka-option", "reconnect.backoff.max.ms=500",
        ], logName: "gateway-chaos-server")
        defer { server.kill() }
        try server.start()
        try await Programs.waitUntilUp(URL(string: "\(site)/health")!)

        // Four phones post a batch of 10 new samples every 80 ms until the kills are over, each retrying a batch with
        // the same sample ids until it is answered 200, as the app does. At most 8,000 samples (about 3.5 MB): well
        // within what the mock cluster keeps per partition.
        let load = LoadSwitch()
        async let acknowledged = withThrowingTaskGroup(of: [String].self) { group in
            for phone in 0..<4 {
                // The server may be dead or restarting: each batch is sent again until it is stored (bounded).
                group.addTask { try await PhoneBatches.post(while: load, phone: phone, site: site, key: key, size: 10, most: 200, pause: .milliseconds(80), timeout: 5) }
            }
            return try await group.reduce(into: [String]()) { $0 += $1 }
        }

        for round in 1...3 {
            try await Task.sleep(for: .milliseconds(2_000))
            server.kill()
            try server.start()
            try await Programs.waitUntilUp(URL(string: "\(site)/health")!)
            if round == 1 {
                // Kafka goes away under load for longer than a transaction may last: the transaction in progress
                // times out and is aborted (the abort itself waits for Kafka), and its samples are sent again.
                try await Task.sleep(for: .seconds(2))
                cluster.setBrokerDown()
                try await Task.sleep(for: .seconds(4))
                cluster.setBrokerUp()
            }
        }
        try await Task.sleep(for: .seconds(1))
        load.stop()
        let sent = try await acknowledged
        #expect(sent.count > 100, "the load kept going through the kills")

        try await GatewayKafkaEndToEndTests.waitUntil(timeout: .seconds(60)) { try await GatewayKafkaEndToEndTests.outboxDepth(site) == 0 }
        let consumed = try Programs.run("/usr/bin/timeout", [
            "60", kcat, "-C", "-b", cluster.bootstrapServers, "-t", "health-data", "-o", "beginning", "-e", "-q",
            "-X", "isolation.level=read_committed", "-f", "%s\\n",
        ])
        #expect(consumed.status == 0, "\(consumed.error)")
        let ids = consumed.output.split(separator: "\n").map { line -> String in
            let json = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return ((json?["sample"] as? [String: Any])?["id"] as? String) ?? "unreadable: \(line.prefix(80))"
        }
        let lost = Set(sent).subtracting(ids)
        let duplicated = ids.count - Set(ids).count
        #expect(lost.isEmpty, "\(lost.count) of \(sent.count) acknowledged samples never reached Kafka")
        #expect(duplicated == 0, "\(duplicated) samples were read twice")
        #expect(Set(ids).count == sent.count, "nothing in Kafka that was not acknowledged")

        await server.stop()
        #expect(server.terminationStatus == 0)
    }
}

/// `kiroku serve` that can be SIGKILLed and started again with the same arguments; each run logs to a file of its
/// own in test-artifacts. `kill()` in a `defer` makes sure nothing outlives the test.
final class RestartableServer: @unchecked Sendable {
    private let executable: String
    private let arguments: [String]
    private let logName: String
    private let lock = NSLock()
    private var process: ChildProcess?
    private var runs = 0

    init(executable: String, arguments: [String], logName: String) {
        self.executable = executable
        self.arguments = arguments
        self.logName = logName
    }

    func start() throws {
        try lock.withLock {
            runs += 1
            let log = BrowserHarness.artifacts.appendingPathComponent("\(logName)-\(runs).log")
            process = try Programs.start(executable, arguments, log: log)
        }
    }

    /// SIGKILL: no shutdown handler runs, nothing is flushed.
    func kill() {
        guard let process = lock.withLock({ self.process }), process.isRunning else { return }
        Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// SIGTERM, as an operator stops it.
    func stop() async {
        guard let process = lock.withLock({ self.process }) else { return }
        await Programs.stop(process)
    }

    var terminationStatus: Int32? {
        lock.withLock { process.flatMap { $0.isRunning ? nil : $0.terminationStatus } }
    }
}

/// Tells the phones when to stop starting new batches (a batch already started is finished, so every sample posted
/// is either acknowledged or never stored).
final class LoadSwitch: @unchecked Sendable {
    private let lock = NSLock()
    private var on = true

    var isOn: Bool { lock.withLock { on } }

    func stop() {
        lock.withLock { on = false }
    }
}

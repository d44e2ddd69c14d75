import AsyncHTTPClient
import EventStream
import Foundation
import Testing

/// Phones → a stateless gateway → Kafka → `kiroku ingest --from-kafka` → a Kiroku database. The consumer is SIGKILLed
/// part-way through, more batches arrive while it is down, and it is started again: the database ends with every
/// acknowledged sample exactly once — the one a phone retried (in Kafka twice) included — and nothing else.
@Suite(.serialized, .timeLimit(.minutes(4))) struct KafkaIngestEndToEndTests {
    @Test func theConsumerKilledMidwayAndRestartedStoresEveryAcknowledgedSampleExactlyOnce() async throws {
        let kiroku = try #require(Programs.kiroku, "build kiroku first: swift build --build-tests")
        let fixture = try StatelessGatewayFixture(kiroku: kiroku, name: "kafka-ingest")
        defer { fixture.removeFiles() }
        let dataDirectory = fixture.directory.appendingPathComponent("data").path
        let created = try Programs.run(kiroku.path, ["user", "create", "phone", "--password-stdin", "--data-dir", dataDirectory], input: "correct horse battery\n")
        try #require(created.status == 0, "\(created.error)")
        // A key whose owner has no account in this database: its samples are skipped (and logged), not stored elsewhere.
        let strangerKey = try StatelessGatewayFixture.createKey(kiroku: kiroku, owner: "stranger", file: fixture.keyFile)

        let port = Programs.freePort()
        let site = "http://127.0.0.1:\(port)"
        let gateway = RestartableServer(executable: kiroku.path, arguments: fixture.gatewayArguments(port: port), logName: "kafka-ingest-gateway")
        defer { gateway.kill() }
        try gateway.start()
        try await Programs.waitUntilUp(URL(string: "\(site)/health")!)

        var acknowledged: [String] = []
        func send(batches: Range<Int>) async throws {
            for number in batches {
                let (ids, body) = try PhoneBatches.batch(phone: 0, number: number, count: 100)
                try await PhoneBatches.postUntilAccepted(body, site: site, key: fixture.key)
                acknowledged += ids
                if number == batches.lowerBound {
                    // The phone did not hear the answer and sends the batch again: Kafka now holds these twice.
                    try await PhoneBatches.postUntilAccepted(body, site: site, key: fixture.key)
                }
            }
        }
        try await send(batches: 0..<20)
        try await PhoneBatches.postUntilAccepted(try PhoneBatches.batch(phone: 1, number: 0, count: 5).body, site: site, key: strangerKey)

        let consumerArguments = [
            "ingest", "--from-kafka", "--kafka-brokers", fixture.cluster.bootstrapServers, "--topic", "health-data", "--group", "kiroku-test",
            "--data-dir", dataDirectory, "--batch-size", "10", "--log-level", "debug",
            // A member killed without leaving the group holds its partitions until its session times out.
            "--kafka-option", "session.timeout.ms=6000", "--kafka-option", "heartbeat.interval.ms=500",
        ]
        let consumer = RestartableServer(executable: kiroku.path, arguments: consumerArguments, logName: "kafka-ingest-consumer")
        defer { consumer.kill() }
        try consumer.start()
        let firstLog = BrowserHarness.artifacts.appendingPathComponent("kafka-ingest-consumer-1.log")
        try await GatewayKafkaEndToEndTests.waitUntil(timeout: .seconds(60)) {
            ((try? String(contentsOf: firstLog, encoding: .utf8)) ?? "").contains("kafka batch stored")
        }
        consumer.kill()
        let storedAtKill = try Self.storedSampleIds(kiroku: kiroku, dataDirectory: dataDirectory)
        #expect(!storedAtKill.isEmpty && storedAtKill.count < acknowledged.count, "killed part-way: \(storedAtKill.count) of \(acknowledged.count) stored")

        try await send(batches: 20..<30)
        // Started again as a log pipeline would run it: one JSON object per line.
        let restarted = RestartableServer(executable: kiroku.path, arguments: consumerArguments + ["--log-format", "json"], logName: "kafka-ingest-consumer-json")
        defer { restarted.kill() }
        try restarted.start()
        try await GatewayKafkaEndToEndTests.waitUntil(timeout: .seconds(120)) {
            try Self.storedSampleIds(kiroku: kiroku, dataDirectory: dataDirectory).count >= acknowledged.count
        }
        await restarted.stop()
        #expect(restarted.terminationStatus == 0, "SIGTERM stops the consumer cleanly")

        let stored = try Self.storedSampleIds(kiroku: kiroku, dataDirectory: dataDirectory)
        #expect(stored.count == acknowledged.count, "each sample once: \(stored.count) rows for \(acknowledged.count) samples")
        #expect(Set(stored) == Set(acknowledged), "exactly the acknowledged samples")
        let textLog = (try? String(contentsOf: firstLog, encoding: .utf8)) ?? ""
        let jsonLog = (try? String(contentsOf: BrowserHarness.artifacts.appendingPathComponent("kafka-ingest-consumer-json-1.log"), encoding: .utf8)) ?? ""
        let jsonLines = jsonLog.split(separator: "\n").filter { $0.hasPrefix("{") }.compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(jsonLines.contains { $0["message"] as? String == "kafka batch stored" }, "the restarted consumer logs its batches as JSON: \(jsonLog.prefix(2_000))")
        #expect(jsonLines.contains { $0["message"] as? String == "stopped" && $0["level"] as? String == "info" }, "and its stop")
        let skips = jsonLines.compactMap { $0["context"] as? [String: Any] }.filter { $0["reason"] as? String == "unknown_owner" }
        // The stranger's samples are consumed by whichever run reads their partition first.
        #expect(textLog.contains("reason=unknown_owner") || !skips.isEmpty, "the stranger's samples are skipped and logged")
        #expect(skips.allSatisfy { $0["username"] as? String == "[redacted]" }, "\(skips)")
        #expect((textLog.contains("username=[redacted]") || !skips.isEmpty) && !(textLog + jsonLog).contains("stranger"), "without the owner's username")
        await gateway.stop()
    }

    /// The sample ids of the gateway records `phone` has, one per row, read with `kiroku export`.
    static func storedSampleIds(kiroku: URL, dataDirectory: String) throws -> [String] {
        let exported = try Programs.run(kiroku.path, ["export", "--user", "phone", "--format", "json", "--data-dir", dataDirectory])
        guard exported.status == 0 else { throw WebDriver.Failure(description: "kiroku export: \(exported.error)") }
        let json = try JSONSerialization.jsonObject(with: Data(exported.output.utf8)) as? [String: Any]
        let records = json?["records"] as? [[String: Any]] ?? []
        return records.filter { $0["source"] as? String == "gateway" }.compactMap { $0["clientId"] as? String }
    }
}

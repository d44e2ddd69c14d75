import AsyncHTTPClient
import EventStream
import Foundation
import NIOCore
import NIOHTTP1
import Testing
import TestSupport

/// The gateway feeding Kafka for real: `kiroku serve --kafka-brokers` against librdkafka's mock cluster, the
/// broker taken down while batches keep arriving, then brought back; Debian's kcat, another process, reads the
/// topic at the end and finds every sample exactly once, in order.
@Suite(.serialized, .timeLimit(.minutes(5))) struct GatewayKafkaEndToEndTests {
    @Test func samplesReachTheTopicExactlyOnceAndInOrderAcrossABrokerOutage() async throws {
        let kiroku = try #require(Programs.kiroku, "build kiroku first: swift build --build-tests")
        let kcat = try #require(Programs.kcat, "install kcat (make test does this as root)")
        let fixture = try GatewayKafkaFixture(kiroku: kiroku, name: "kafka")
        let (cluster, dataDirectory, key) = (fixture.cluster, fixture.dataDirectory, fixture.key)

        let port = Programs.freePort()
        let site = "http://127.0.0.1:\(port)"
        try FileManager.default.createDirectory(at: BrowserHarness.artifacts, withIntermediateDirectories: true)
        let server = try Programs.start(
            kiroku.path, ["serve", "--port", "\(port)", "--data-dir", dataDirectory, "--log-format", "json", "--kafka-brokers", cluster.bootstrapServers],
            log: BrowserHarness.artifacts.appendingPathComponent("gateway-kafka-server.log")
        )
        defer { if server.isRunning { server.terminate() } }
        try await Programs.waitUntilUp(URL(string: "\(site)/health")!)

        var sent: [String] = []
        func post(_ batch: Range<Int>, reusing ids: [String]? = nil) async throws -> [String: Any] {
            let samples = batch.enumerated().map { offset, n -> [String: Any] in
                let id = ids?[offset] ?? UUID().uuidString.lowercased()
                return [
                    "id": id, "type": "stepCount", "value": Double(n), "unit": "count",
                    "startDate": "2026-11-20T09:\(String(format: "%02d", n % 60)):00Z", "endDate": "2026-11-20T09:\(String(format: "%02d", n % 60)):30Z",
                ]
            }
            if ids == nil { sent += samples.map { $0["id"] as! String } }
            let body = try JSONSerialization.data(withJSONObject: [
                "deviceId": "550e8400-e29b-41d4-a716-446655440000", "userId": "user123", "timestamp": "2026-11-20T10:00:00Z",
                "appVersion": "1.0.0", "samples": samples,
            ])
            let response = try await HTTPClient.shared.execute(Self.gatewayRequest(site: site, key: key, body: body), timeout: .seconds(30))
            #expect(response.status == .ok)
            let answer = try await response.body.collect(upTo: 1 << 20)
            return try JSONSerialization.jsonObject(with: Data(answer.readableBytesView)) as? [String: Any] ?? [:]
        }
        func outboxDepth() async throws -> Int { try await Self.outboxDepth(site) }

        _ = try await post(0..<40)
        try await Self.waitUntil { try await outboxDepth() == 0 }

        cluster.setBrokerDown()
        _ = try await post(40..<80)
        let retried = Array(sent[40..<80])
        _ = try await post(120..<160)
        // The phone retries a batch it thinks failed: answered 200 again, nothing new stored or queued.
        let again = try await post(40..<80, reusing: retried)
        #expect(again["storedCount"] as? Int == 0)
        #expect(try await outboxDepth() == 80, "Kafka is down: the outbox holds both new batches, once")

        cluster.setBrokerUp()
        try await Self.waitUntil(timeout: .seconds(60)) { try await outboxDepth() == 0 }

        let consumed = try Programs.run("/usr/bin/timeout", ["120", kcat, "-C", "-b", cluster.bootstrapServers, "-t", "health-data", "-o", "beginning", "-e", "-q", "-f", "%k\\t%s\\n"])
        #expect(consumed.status == 0, "\(consumed.error)")
        let lines = consumed.output.split(separator: "\n")
        #expect(lines.allSatisfy { $0.hasPrefix("1:user123\t") }, "keyed by account and phone user")
        let ids = try lines.map { line -> String in
            let json = try JSONSerialization.jsonObject(with: Data(line.split(separator: "\t", maxSplits: 1)[1].utf8)) as? [String: Any]
            return ((json?["sample"] as? [String: Any])?["id"] as? String) ?? ""
        }
        #expect(ids.count == sent.count, "every sample once: \(ids.count) of \(sent.count)")
        #expect(ids == sent, "one key, one partition: in the order they were accepted")
        await Programs.stop(server)
        #expect(server.terminationStatus == 0)
    }

    static func gatewayRequest(site: String, key: String, body: Data) -> HTTPClientRequest {
        var request = HTTPClientRequest(url: "\(site)/api/v1/health-data/")
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.headers.add(name: "X-API-Key", value: key)
        request.body = .bytes(ByteBuffer(bytes: body))
        return request
    }

    /// Samples waiting in the outbox, as `/metrics` reports them.
    static func outboxDepth(_ site: String) async throws -> Int {
        let response = try await HTTPClient.shared.execute(HTTPClientRequest(url: "\(site)/metrics"), timeout: .seconds(10))
        let text = String(buffer: try await response.body.collect(upTo: 1 << 22))
        let line = text.split(separator: "\n").first { $0.hasPrefix("kiroku_gateway_outbox_messages ") }
        return line.flatMap { Double($0.split(separator: " ").last ?? "") }.map { Int($0) } ?? -1
    }

    static func waitUntil(timeout: Duration = .seconds(60), _ condition: () async throws -> Bool) async throws {
        let deadline = ContinuousClock.now + timeout
        while try await !condition() {
            guard ContinuousClock.now < deadline else { throw WebDriver.Failure(description: "condition not met in \(timeout)") }
            try await Task.sleep(for: .milliseconds(200))
        }
    }
}

/// What the gateway-with-Kafka tests start from: a mock cluster with the data and position topics the server uses by
/// default, and a data directory with one account and its gateway key.
struct GatewayKafkaFixture {
    let cluster: KafkaMockCluster
    let dataDirectory: String
    let key: String

    init(kiroku: URL, name: String) throws {
        cluster = try KafkaMockCluster(brokers: 1)
        try cluster.createTopic("health-data", partitions: 3)
        try cluster.createTopic("kiroku-outbox-position", partitions: 1)
        dataDirectory = TestFiles.directory.appendingPathComponent("kiroku-\(name)-\(UUID().uuidString)").path
        let created = try Programs.run(kiroku.path, ["user", "create", "phone", "--password-stdin", "--data-dir", dataDirectory], input: "correct horse battery\n")
        guard created.status == 0 else { throw WebDriver.Failure(description: "kiroku user create: \(created.error)") }
        key = try Programs.run(kiroku.path, ["token", "create", "--user", "phone", "--name", "gateway", "--data-dir", dataDirectory]).output
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

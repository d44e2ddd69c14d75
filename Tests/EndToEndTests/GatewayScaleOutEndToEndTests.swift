import AsyncHTTPClient
import EventStream
import Foundation
import NIOCore
import NIOHTTP1
import Testing
import TestSupport

/// Stateless gateways scaled out: three `kiroku serve --gateway-only` processes behind a round-robin proxy, phones
/// posting through it while one gateway is SIGKILLed. Every sample a phone was answered 200 for is in Kafka, as kcat
/// (another process) reads it back.
@Suite(.serialized, .timeLimit(.minutes(3))) struct GatewayScaleOutEndToEndTests {
    @Test func threeStatelessGatewaysBehindAProxyLoseNoAcknowledgedSampleWhenOneIsKilled() async throws {
        let kiroku = try #require(Programs.kiroku, "build kiroku first: swift build --build-tests")
        let kcat = try #require(Programs.kcat, "install kcat (make test does this as root)")
        let fixture = try StatelessGatewayFixture(kiroku: kiroku, name: "scale-out")
        defer { fixture.removeFiles() }

        let ports = (0..<3).map { _ in Programs.freePort() }
        let gateways = ports.enumerated().map { index, port in
            RestartableServer(executable: kiroku.path, arguments: fixture.gatewayArguments(port: port), logName: "gateway-only-\(index)")
        }
        defer { gateways.forEach { $0.kill() } }
        for (gateway, port) in zip(gateways, ports) {
            try gateway.start()
            try await Programs.waitUntilUp(URL(string: "http://127.0.0.1:\(port)/health")!)
        }
        let proxy = try RoundRobinProxy(targetPorts: ports)
        defer { proxy.stop() }
        let site = "http://127.0.0.1:\(proxy.port)"

        let load = LoadSwitch()
        async let acknowledged = withThrowingTaskGroup(of: [String].self) { group in
            for phone in 0..<4 {
                // Each attempt on a connection of its own, so the proxy spreads them over the gateways.
                group.addTask {
                    try await PhoneBatches.post(while: load, phone: phone, site: site, key: fixture.key, size: 20, most: 100, pause: .milliseconds(30), newConnection: true)
                }
            }
            return try await group.reduce(into: [String]()) { $0 += $1 }
        }
        try await Task.sleep(for: .milliseconds(1_500))
        let servedBeforeKill = proxy.connections(to: ports[1])
        gateways[1].kill()
        try await Task.sleep(for: .milliseconds(1_500))
        load.stop()
        let sent = try await acknowledged

        #expect(servedBeforeKill > 0, "the killed gateway took its share before it died")
        #expect(proxy.connections(to: ports[0]) > 0 && proxy.connections(to: ports[2]) > 0, "the survivors kept serving")
        #expect(sent.count > 100, "the load kept going through the kill: \(sent.count) samples acknowledged")

        let consumed = try Programs.run("/usr/bin/timeout", [
            "60", kcat, "-C", "-b", fixture.cluster.bootstrapServers, "-t", "health-data", "-o", "beginning", "-e", "-q", "-f", "%k\\n",
        ])
        #expect(consumed.status == 0, "\(consumed.error)")
        let keys = consumed.output.split(separator: "\n").map(String.init)
        let lost = Set(sent.map { "phone:\($0)" }).subtracting(keys)
        #expect(lost.isEmpty, "\(lost.count) of \(sent.count) acknowledged samples are not in Kafka")
        #expect(Set(keys) == Set(sent.map { "phone:\($0)" }), "nothing in Kafka that no phone sent; \(keys.count - Set(keys).count) copies of retried samples")

        for survivor in [gateways[0], gateways[2]] {
            await survivor.stop()
            #expect(survivor.terminationStatus == 0)
        }
    }
}

/// What the stateless-gateway tests start from: a mock cluster with the data topic, and a key file holding one key
/// for the owner `phone`.
struct StatelessGatewayFixture {
    let cluster: KafkaMockCluster
    let directory: URL
    let keyFile: String
    let key: String

    init(kiroku: URL, name: String) throws {
        cluster = try KafkaMockCluster(brokers: 1)
        try cluster.createTopic("health-data", partitions: 3)
        directory = TestFiles.directory.appendingPathComponent("kiroku-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: BrowserHarness.artifacts, withIntermediateDirectories: true)
        keyFile = directory.appendingPathComponent("gateway-keys").path
        key = try Self.createKey(kiroku: kiroku, owner: "phone", file: keyFile)
    }

    static func createKey(kiroku: URL, owner: String, file: String) throws -> String {
        let created = try Programs.run(kiroku.path, ["gateway-key", "create", "--owner", owner, "--file", file])
        guard created.status == 0 else { throw WebDriver.Failure(description: "kiroku gateway-key create: \(created.error)") }
        return created.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func gatewayArguments(port: Int) -> [String] {
        [
            "serve", "--gateway-only", "--port", "\(port)", "--kafka-brokers", cluster.bootstrapServers, "--gateway-keys", keyFile,
            "--gateway-rate", "1000000", "--log-format", "json",
        ]
    }

    func removeFiles() {
        try? FileManager.default.removeItem(at: directory)
    }
}

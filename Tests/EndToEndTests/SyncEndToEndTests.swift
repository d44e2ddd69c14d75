import AsyncHTTPClient
import EventStream
import Foundation
import NIOCore
import NIOHTTP1
import NIOSSL
import Testing
import TestSupport

/// The sync agent against another Kiroku over TLS, with faults: the gateway not running, answering 503 (its
/// Kafka outbox full while the broker is down), and killed with SIGKILL and restarted. At the end the gateway
/// holds every record exactly once and the agent's history tells what happened.
@Suite(.serialized, .timeLimit(.minutes(5))) struct SyncEndToEndTests {
    @Test func everyRecordArrivesOnceDespiteFaults() async throws {
        let kiroku = try #require(Programs.kiroku, "build kiroku first: swift build --build-tests").path
        let openssl = try #require(Programs.find(["openssl"]), "install openssl (make test does this as root)")
        let work = TestFiles.directory.appendingPathComponent("kiroku-sync-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let (caFile, certificate, key) = try Self.makeCertificates(openssl: openssl, in: work)
        let agentData = work.appendingPathComponent("agent").path
        let gatewayData = work.appendingPathComponent("gateway").path
        let fastRetries = ["KIROKU_SYNC_RETRY_DELAYS_MS": "100,200"]

        // The agent: two months of demo data.
        let demo = try Programs.run(kiroku, ["demo", "--days", "60", "--data-dir", agentData])
        #expect(demo.status == 0, "\(demo.error)")
        let total = try Self.recordCount(kiroku, data: agentData, user: "demo")
        #expect(total > 250, "enough records for several batches of 100")

        // The gateway: an account and an API key for the agent.
        _ = try Programs.run(kiroku, ["user", "create", "lake", "--password-stdin", "--data-dir", gatewayData], input: "correct horse battery\n")
        let apiKey = try Programs.run(kiroku, ["token", "create", "--user", "lake", "--name", "agent", "--data-dir", gatewayData]).output.trimmingCharacters(in: .whitespacesAndNewlines)
        let port = Programs.freePort()

        let insecure = try Programs.run(kiroku, ["sync", "configure", "--user", "demo", "--url", "http://127.0.0.1:\(port)", "--api-key", apiKey, "--data-dir", agentData])
        #expect(insecure.status != 0)
        #expect(insecure.error.contains("not HTTPS"))
        let configured = try Programs.run(kiroku, ["sync", "configure", "--user", "demo", "--url", "https://127.0.0.1", "--port", "\(port)", "--api-key", apiKey, "--ca-file", caFile, "--data-dir", agentData])
        #expect(configured.status == 0, "\(configured.error)")
        // Kept under the account's id, never its name: a later account called "demo" must not inherit it.
        let syncFiles = try FileManager.default.contentsOfDirectory(atPath: work.appendingPathComponent("agent/sync").path).filter { $0.hasSuffix(".json") }
        #expect(syncFiles.count == 1 && syncFiles.allSatisfy { $0.hasPrefix("user-") }, "\(syncFiles)")
        let credentials = work.appendingPathComponent("agent/sync/" + (syncFiles.first ?? "missing")).path
        #expect((try FileManager.default.attributesOfItem(atPath: credentials)[.posixPermissions] as? Int) == 0o600)

        // Fault 1: nobody listening. Retried, then recorded as failed; nothing marked synced.
        let unreachable = try Programs.run(kiroku, ["sync", "run", "--user", "demo", "--data-dir", agentData], environment: fastRetries)
        #expect(unreachable.status != 0)
        #expect(try Programs.run(kiroku, ["sync", "status", "--user", "demo", "--data-dir", agentData]).output.contains("Waiting: \(total) records"))

        // Fault 2: the gateway's Kafka is down and its outbox holds at most 150: the second batch gets 503s.
        let cluster = try KafkaMockCluster(brokers: 1)
        try cluster.createTopic("health-data")
        cluster.setBrokerDown()
        let serve = [
            "serve", "--port", "\(port)", "--data-dir", gatewayData, "--tls-cert", certificate, "--tls-key", key,
            "--kafka-brokers", cluster.bootstrapServers, "--gateway-outbox-limit", "150",
        ]
        var gateway = try Programs.start(kiroku, serve, log: work.appendingPathComponent("gateway.log"))
        defer { if gateway.isRunning { gateway.terminate() } }
        let client = try Self.client(trusting: caFile)
        try await Self.waitUntilUp(client, "https://127.0.0.1:\(port)/health")
        let throttled = try Programs.run(kiroku, ["sync", "run", "--user", "demo", "--data-dir", agentData], environment: fastRetries)
        #expect(throttled.status != 0)
        #expect(throttled.output.contains("Sync failed after 100 records"), "\(throttled.output)")

        // Fault 3: Kafka back, then the gateway is killed outright and restarted; the agent picks up where it stopped.
        cluster.setBrokerUp()
        gateway.interrupt()
        kill(gateway.processIdentifier, SIGKILL)
        gateway.waitUntilExit()
        gateway = try Programs.start(kiroku, serve, log: work.appendingPathComponent("gateway-restarted.log"))
        try await Self.waitUntilUp(client, "https://127.0.0.1:\(port)/health")
        // The restarted gateway's relay drains what the killed one left in its outbox.
        try await Self.waitForEmptyOutbox(client, port: port)
        let finished = try Programs.run(kiroku, ["sync", "run", "--user", "demo", "--data-dir", agentData], environment: fastRetries)
        #expect(finished.status == 0, "\(finished.output) \(finished.error)")
        let again = try Programs.run(kiroku, ["sync", "run", "--user", "demo", "--data-dir", agentData])
        #expect(again.output.contains("Nothing to send"))

        // The gateway holds every record exactly once.
        let stored = try await Self.gatewayRecords(client, port: port, token: apiKey)
        #expect(stored.count == total)
        #expect(Set(stored).count == total, "no sample stored twice")

        let history = try Programs.run(kiroku, ["sync", "history", "--user", "demo", "--data-dir", agentData]).output
        let statuses = history.split(separator: "\n").dropFirst().map { $0.split(separator: " ", omittingEmptySubsequences: true)[1] }
        #expect(statuses == ["idle", "success", "failed", "failed"], "\(history)")
        #expect(history.contains("503"))
        await Programs.stop(gateway)
        try await client.shutdown()
    }

    @Test func connectionsCutMidRequestAreRetriedAndNothingArrivesTwice() async throws {
        let kiroku = try #require(Programs.kiroku).path
        let openssl = try #require(Programs.find(["openssl"]))
        let work = TestFiles.directory.appendingPathComponent("kiroku-cut-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let (caFile, certificate, key) = try Self.makeCertificates(openssl: openssl, in: work)
        let agentData = work.appendingPathComponent("agent").path
        let gatewayData = work.appendingPathComponent("gateway").path
        _ = try Programs.run(kiroku, ["demo", "--days", "30", "--data-dir", agentData])
        let total = try Self.recordCount(kiroku, data: agentData, user: "demo")
        _ = try Programs.run(kiroku, ["user", "create", "lake", "--password-stdin", "--data-dir", gatewayData], input: "correct horse battery\n")
        let apiKey = try Programs.run(kiroku, ["token", "create", "--user", "lake", "--name", "agent", "--data-dir", gatewayData]).output.trimmingCharacters(in: .whitespacesAndNewlines)
        let port = Programs.freePort()
        let gateway = try Programs.start(kiroku, ["serve", "--port", "\(port)", "--data-dir", gatewayData, "--tls-cert", certificate, "--tls-key", key], log: work.appendingPathComponent("gateway.log"))
        defer { if gateway.isRunning { gateway.terminate() } }
        let client = try Self.client(trusting: caFile)
        try await Self.waitUntilUp(client, "https://127.0.0.1:\(port)/health")

        // The first three connections are cut 6 KB in: after the TLS handshake, inside a batch's body.
        let proxy = try FaultyProxy(targetPort: port, cutFirst: 3, cutAfterBytes: 6_000)
        defer { proxy.stop() }
        let configured = try Programs.run(kiroku, ["sync", "configure", "--user", "demo", "--url", "https://127.0.0.1:\(proxy.port)", "--api-key", apiKey, "--ca-file", caFile, "--data-dir", agentData])
        #expect(configured.status == 0, "\(configured.error)")
        let run = try Programs.run(kiroku, ["sync", "run", "--user", "demo", "--data-dir", agentData], environment: ["KIROKU_SYNC_RETRY_DELAYS_MS": "100,100,100,100,100"])
        #expect(run.status == 0, "\(run.output) \(run.error)")
        #expect(run.output.contains("Synced \(total) records"))

        let stored = try await Self.gatewayRecords(client, port: port, token: apiKey)
        #expect(stored.count == total)
        #expect(Set(stored).count == total, "no sample stored twice")
        let history = try Programs.run(kiroku, ["sync", "history", "--user", "demo", "--data-dir", agentData]).output
        let retries = history.split(separator: "\n").dropFirst().first.map { $0.split(separator: " ", omittingEmptySubsequences: true)[4] }
        #expect(retries == "3", "the three cut requests were retried: \(history)")
        await Programs.stop(gateway)
        try await client.shutdown()
    }

    @Test func theRealtimeDaemonPushesANewRecordWithinSecondsAndStopsCleanly() async throws {
        let kiroku = try #require(Programs.kiroku).path
        let openssl = try #require(Programs.find(["openssl"]))
        let work = TestFiles.directory.appendingPathComponent("kiroku-daemon-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let (caFile, certificate, key) = try Self.makeCertificates(openssl: openssl, in: work)
        let agentData = work.appendingPathComponent("agent").path
        let gatewayData = work.appendingPathComponent("gateway").path
        _ = try Programs.run(kiroku, ["user", "create", "hanako", "--password-stdin", "--data-dir", agentData], input: "correct horse battery\n")
        _ = try Programs.run(kiroku, ["user", "create", "lake", "--password-stdin", "--data-dir", gatewayData], input: "correct horse battery\n")
        let port = Programs.freePort()
        // Basic authentication this time: the gateway account's own credentials.
        let configured = try Programs.run(
            kiroku, ["sync", "configure", "--user", "hanako", "--url", "https://127.0.0.1:\(port)", "--username", "lake", "--password-stdin", "--ca-file", caFile, "--types", "weight", "--frequency", "realtime", "--data-dir", agentData],
            input: "correct horse battery\n"
        )
        #expect(configured.status == 0, "\(configured.error)")
        let gateway = try Programs.start(kiroku, ["serve", "--port", "\(port)", "--data-dir", gatewayData, "--tls-cert", certificate, "--tls-key", key], log: work.appendingPathComponent("gateway.log"))
        defer { if gateway.isRunning { gateway.terminate() } }
        let client = try Self.client(trusting: caFile)
        try await Self.waitUntilUp(client, "https://127.0.0.1:\(port)/health")
        let status = try Programs.run(kiroku, ["sync", "status", "--user", "hanako", "--data-dir", agentData])
        #expect(status.output.contains("realtime"), "the saved frequency: \(status.output)")
        // No flag: the daemon follows the frequency saved with the target, as the web page sets it.
        let daemon = try Programs.start(kiroku, ["sync", "daemon", "--user", "hanako", "--data-dir", agentData], log: work.appendingPathComponent("daemon.log"))
        defer { if daemon.isRunning { daemon.terminate() } }

        _ = try Programs.run(kiroku, ["record", "add", "--user", "hanako", "--metric", "weight", "--value", "58.2", "--data-dir", agentData])
        // Steps are not among the configured types: they stay home.
        _ = try Programs.run(kiroku, ["record", "add", "--user", "hanako", "--metric", "steps", "--value", "4000", "--data-dir", agentData])
        let token = try Programs.run(kiroku, ["token", "create", "--user", "lake", "--name", "check", "--data-dir", gatewayData]).output.trimmingCharacters(in: .whitespacesAndNewlines)
        var arrived: [String] = []
        for _ in 0..<50 where arrived.isEmpty {
            try await Task.sleep(for: .milliseconds(200))
            arrived = try await Self.gatewayRecords(client, port: port, token: token)
        }
        #expect(arrived.count == 1, "the weight arrived within 10 s, the steps did not travel")

        await Programs.stop(daemon)
        #expect(daemon.terminationStatus == 0, "SIGTERM stops the daemon gracefully")
        await Programs.stop(gateway)
        try await client.shutdown()
    }

    static func recordCount(_ kiroku: String, data: String, user: String) throws -> Int {
        let export = try Programs.run(kiroku, ["export", "--user", user, "--format", "csv", "--data-dir", data])
        return export.output.split(separator: "\r\n").count - 1
    }

    /// External ids of everything the gateway stored from the agent, through its own API.
    static func gatewayRecords(_ client: HTTPClient, port: Int, token: String) async throws -> [String] {
        var ids: [String] = []
        var cursor: String?
        repeat {
            var request = HTTPClientRequest(url: "https://127.0.0.1:\(port)/api/v1/records?source=gateway&limit=1000" + (cursor.map { "&cursor=\($0)" } ?? ""))
            request.headers.add(name: "Authorization", value: "Bearer \(token)")
            let response = try await client.execute(request, timeout: .seconds(30))
            let page = try JSONSerialization.jsonObject(with: Data(try await response.body.collect(upTo: 16 << 20).readableBytesView)) as? [String: Any]
            ids += (page?["records"] as? [[String: Any]] ?? []).compactMap { $0["clientId"] as? String }
            cursor = page?["nextCursor"] as? String
        } while cursor != nil
        return ids
    }

    static func waitForEmptyOutbox(_ client: HTTPClient, port: Int) async throws {
        for _ in 0..<300 {
            let response = try await client.execute(HTTPClientRequest(url: "https://127.0.0.1:\(port)/metrics"), timeout: .seconds(5))
            let text = String(buffer: try await response.body.collect(upTo: 4 << 20))
            if text.contains("\nkiroku_gateway_outbox_messages 0") { return }
            try await Task.sleep(for: .milliseconds(200))
        }
        throw WebDriver.Failure(description: "the gateway's outbox did not drain")
    }

    static func client(trusting caFile: String) throws -> HTTPClient {
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(caFile))
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(tlsConfiguration: tls))
    }

    static func waitUntilUp(_ client: HTTPClient, _ url: String) async throws {
        for _ in 0..<150 {
            if let response = try? await client.execute(HTTPClientRequest(url: url), timeout: .seconds(2)), response.status == .ok { return }
            try await Task.sleep(for: .milliseconds(200))
        }
        throw WebDriver.Failure(description: "\(url) did not come up")
    }

    /// A throwaway CA and a server certificate for 127.0.0.1 signed by it.
    static func makeCertificates(openssl: String, in directory: URL) throws -> (ca: String, certificate: String, key: String) {
        func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
        let steps: [[String]] = [
            ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2", "-keyout", path("ca.key"), "-out", path("ca.pem"), "-subj", "/CN=Kiroku test CA"],
            ["req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout", path("server.key"), "-out", path("server.csr"), "-subj", "/CN=127.0.0.1"],
        ]
        for step in steps {
            let run = try Programs.run(openssl, step)
            guard run.status == 0 else { throw WebDriver.Failure(description: "openssl: \(run.error)") }
        }
        try "subjectAltName=IP:127.0.0.1\n".write(toFile: path("san.ext"), atomically: true, encoding: .utf8)
        let sign = try Programs.run(openssl, ["x509", "-req", "-in", path("server.csr"), "-CA", path("ca.pem"), "-CAkey", path("ca.key"), "-CAcreateserial", "-days", "2", "-out", path("server.pem"), "-extfile", path("san.ext")])
        guard sign.status == 0 else { throw WebDriver.Failure(description: "openssl: \(sign.error)") }
        return (path("ca.pem"), path("server.pem"), path("server.key"))
    }
}

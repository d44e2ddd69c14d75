import AsyncHTTPClient
import Foundation
import Testing
import TestSupport

/// `kiroku sync run` against a gateway whose certificate this machine does not trust (self-signed), with the default
/// retry schedule: no retry can change a certificate, so the run stops at once, exits non-zero, and the history says
/// which host, that its certificate is not trusted and which option fixes it, in the person's language; nothing is
/// marked sent. It used to be retried through the whole 1-2-4-8-16 s schedule (about 31 s) as if it were transient.
@Suite(.serialized, .timeLimit(.minutes(5))) struct SyncUntrustedCertificateEndToEndTests {
    /// A self-signed certificate for 127.0.0.1: its own CA.
    static func selfSigned(openssl: String, in directory: URL) throws -> (certificate: String, key: String) {
        let certificate = directory.appendingPathComponent("self-signed.pem").path, key = directory.appendingPathComponent("self-signed.key").path
        let made = try Programs.run(openssl, [
            "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2", "-keyout", key, "-out", certificate,
            "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
        ])
        guard made.status == 0 else { throw WebDriver.Failure(description: "openssl: \(made.error)") }
        return (certificate, key)
    }

    @Test func aGatewayWithAnUntrustedCertificateStopsTheRunAtOnceAndSaysHowToFixIt() async throws {
        let kiroku = try #require(Programs.kiroku, "build kiroku first: swift build --build-tests").path
        let openssl = try #require(Programs.find(["openssl"]), "install openssl (make test does this as root)")
        let work = TestFiles.directory.appendingPathComponent("kiroku-sync-untrusted-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let (certificate, key) = try Self.selfSigned(openssl: openssl, in: work)
        let agentData = work.appendingPathComponent("agent").path, gatewayData = work.appendingPathComponent("gateway").path

        let demo = try Programs.run(kiroku, ["demo", "--days", "30", "--data-dir", agentData])
        #expect(demo.status == 0, "\(demo.error)")
        let total = try SyncEndToEndTests.recordCount(kiroku, data: agentData, user: "demo")
        _ = try Programs.run(kiroku, ["user", "create", "lake", "--password-stdin", "--data-dir", gatewayData], input: "correct horse battery\n")
        let apiKey = try Programs.run(kiroku, ["token", "create", "--user", "lake", "--name", "agent", "--data-dir", gatewayData]).output
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let port = Programs.freePort()
        let gateway = try Programs.start(
            kiroku, ["serve", "--port", "\(port)", "--data-dir", gatewayData, "--tls-cert", certificate, "--tls-key", key], log: work.appendingPathComponent("gateway.log")
        )
        defer { if gateway.isRunning { gateway.terminate() } }
        let client = try SyncEndToEndTests.client(trusting: certificate)
        try await SyncEndToEndTests.waitUntilUp(client, "https://127.0.0.1:\(port)/health")

        func configure(_ extra: [String]) throws {
            let configured = try Programs.run(kiroku, ["sync", "configure", "--user", "demo", "--url", "https://127.0.0.1:\(port)", "--api-key", apiKey, "--data-dir", agentData] + extra)
            #expect(configured.status == 0, "\(configured.error)")
        }
        func run(_ language: String) throws -> (output: String, status: Int32, took: TimeInterval) {
            let started = Date()
            let run = try Programs.run(
                kiroku, ["sync", "run", "--user", "demo", "--data-dir", agentData], environment: ["LANG": language], unsetting: ["LC_ALL", "LC_MESSAGES"], timeout: 120
            )
            return (run.output + run.error, run.status, Date().timeIntervalSince(started))
        }

        try configure([])
        let english = try run("en_US.UTF-8")
        // A behaviour bound a person notices, not a benchmark: the schedule alone waits 31 s.
        #expect(english.took < 10, "took \(english.took) s")
        #expect(english.status == 2, "\(english.output)")
        #expect(english.output.contains("the certificate of 127.0.0.1:\(port) is not trusted by this system"), "\(english.output)")
        #expect(english.output.contains("kiroku sync configure --ca-file"), "\(english.output)")
        let japanese = try run("ja_JP.UTF-8")
        #expect(japanese.status == 2 && japanese.took < 10, "\(japanese.output)")
        #expect(japanese.output.contains("127.0.0.1:\(port) の証明書はこのシステムで信頼されていない"), "\(japanese.output)")
        #expect(japanese.output.contains("--ca-file"), "\(japanese.output)")

        // A CA file that did not sign it is named.
        let other = work.appendingPathComponent("other")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        let otherCA = try SyncEndToEndTests.makeCertificates(openssl: openssl, in: other).ca
        try configure(["--ca-file", otherCA])
        let wrongCA = try run("en_US.UTF-8")
        #expect(wrongCA.status == 2 && wrongCA.took < 10, "\(wrongCA.output)")
        #expect(wrongCA.output.contains("the certificate of 127.0.0.1:\(port) is not trusted: the CA in \(otherCA) did not sign it"), "\(wrongCA.output)")

        let history = try Programs.run(kiroku, ["sync", "history", "--user", "demo", "--data-dir", agentData], environment: ["LANG": "en_US.UTF-8"], unsetting: ["LC_ALL", "LC_MESSAGES"]).output
        let rows = history.split(separator: "\n").dropFirst()
        #expect(rows.count == 3, "\(history)")
        for row in rows {
            let columns = row.split(separator: " ", omittingEmptySubsequences: true)
            #expect(columns.count > 5 && columns[1] == "failed" && columns[2] == "0" && columns[4] == "0", "failed, nothing sent, not retried: \(row)")
            #expect(row.contains("not trusted") || row.contains("信頼されていない"), "\(row)")
        }
        let status = try Programs.run(kiroku, ["sync", "status", "--user", "demo", "--data-dir", agentData], environment: ["LANG": "en_US.UTF-8"], unsetting: ["LC_ALL", "LC_MESSAGES"])
        #expect(status.output.contains("Waiting: \(total) records"), "\(status.output)")
        #expect(try await SyncEndToEndTests.gatewayRecords(client, port: port, token: apiKey).isEmpty)

        // The fix the message names works: the certificate as its own CA file.
        try configure(["--ca-file", certificate])
        let fixed = try run("en_US.UTF-8")
        #expect(fixed.status == 0, "\(fixed.output)")
        #expect(try await SyncEndToEndTests.gatewayRecords(client, port: port, token: apiKey).count == total)
        await Programs.stop(gateway)
        try await client.shutdown()
    }
}

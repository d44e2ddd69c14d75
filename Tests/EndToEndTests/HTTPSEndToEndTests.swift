import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOSSL
import Testing
import TestSupport

/// `kiroku serve` speaking real TLS with a certificate made by Debian's openssl, checked by a client that trusts it.
@Suite(.timeLimit(.minutes(5))) struct HTTPSEndToEndTests {
    @Test func servesHTTPSAndMarksCookiesSecure() async throws {
        let kiroku = try #require(Programs.kiroku, "build kiroku first: swift build --build-tests")
        let openssl = try #require(Programs.find(["openssl"]), "install openssl (make test does this as root)")
        let directory = TestFiles.directory.appendingPathComponent("kiroku-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let certificate = directory.appendingPathComponent("cert.pem").path
        let key = directory.appendingPathComponent("key.pem").path
        let make = try Programs.start(openssl, [
            "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2",
            "-keyout", key, "-out", certificate, "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
        ], log: directory.appendingPathComponent("openssl.log"))
        make.waitUntilExit()
        #expect(make.terminationStatus == 0)

        let port = Programs.freePort()
        let server = try Programs.start(kiroku.path, [
            "serve", "--port", "\(port)", "--data-dir", directory.appendingPathComponent("data").path,
            "--tls-certificate", certificate, "--tls-key", key,
        ], log: directory.appendingPathComponent("server.log"))
        defer { server.terminate() }

        var tls = TLSConfiguration.makeClientConfiguration()
        tls.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(certificate))
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(tlsConfiguration: tls))
        do {
            let health = try await Self.waitForAnswer(client, "https://127.0.0.1:\(port)/health")
            #expect(health.status == .ok)
            #expect(String(buffer: try await health.body.collect(upTo: 1024)).contains("Gateway is running"))

            let signup = try await client.execute(HTTPClientRequest(url: "https://127.0.0.1:\(port)/signup"), timeout: .seconds(10))
            let cookie = try #require(signup.headers["set-cookie"].first { $0.hasPrefix("kiroku_csrf=") })
            #expect(cookie.contains("Secure"))
            #expect(cookie.contains("HttpOnly"))

            let plain = try? await HTTPClient.shared.execute(HTTPClientRequest(url: "http://127.0.0.1:\(port)/health"), timeout: .seconds(5))
            #expect(plain?.status != .ok, "plain HTTP is not answered on the HTTPS port")
        } catch {
            try? await client.shutdown()
            throw error
        }
        try await client.shutdown()
        await Programs.stop(server)
    }

    @Test func aCertificateWithoutItsKeyIsRefusedWithAClearMessage() throws {
        let kiroku = try #require(Programs.kiroku)
        let log = TestFiles.directory.appendingPathComponent("kiroku-tls-usage-\(UUID().uuidString).log")
        let process = try Programs.start(kiroku.path, ["serve", "--tls-certificate", "/nonexistent.pem"], log: log)
        process.waitUntilExit()
        #expect(process.terminationStatus != 0)
        let message = try String(contentsOf: log, encoding: .utf8)
        #expect(message.contains("--tls-key"))
        #expect(message.contains("両方指定"))
    }

    static func waitForAnswer(_ client: HTTPClient, _ url: String) async throws -> HTTPClientResponse {
        for _ in 0..<150 {
            if let response = try? await client.execute(HTTPClientRequest(url: url), timeout: .seconds(5)) { return response }
            try await Task.sleep(for: .milliseconds(200))
        }
        throw WebDriver.Failure(description: "\(url) did not answer")
    }
}

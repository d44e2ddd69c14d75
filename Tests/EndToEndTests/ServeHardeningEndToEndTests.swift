import AsyncHTTPClient
import Foundation
import Testing
import TestSupport

/// `kiroku serve` with the hardening flags, as an operator starts it.
@Suite(.timeLimit(.minutes(5))) struct ServeHardeningEndToEndTests {
    @Test func theFlagsAreTakenAndALooseDataDirectoryIsTightenedWithAWarning() async throws {
        let kiroku = try #require(Programs.kiroku, "build kiroku first: swift build --build-tests")
        let root = TestFiles.directory.appendingPathComponent("kiroku-hardening-\(UUID().uuidString)")
        let data = root.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        defer { try? FileManager.default.removeItem(at: root) }
        let port = Programs.freePort()
        let log = root.appendingPathComponent("server.log")
        let server = try Programs.start(kiroku.path, [
            "serve", "--port", "\(port)", "--data-dir", data.path, "--log-format", "json", "--header-timeout", "5", "--body-timeout", "5",
            "--idle-timeout", "2.5", "--max-connections", "64", "--allow-private-webhooks",
        ], log: log)
        defer { server.terminate() }
        try await Programs.waitUntilUp(try #require(URL(string: "http://127.0.0.1:\(port)/health")))
        #expect(try FileManager.default.attributesOfItem(atPath: data.path)[.posixPermissions] as? Int == 0o700)
        let warning = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").first { $0.contains("its mode is now 0700") }
        #expect(warning?.contains("\"level\":\"warning\"") == true)
        #expect(warning?.contains("755") == true)
        await Programs.stop(server)

        let refused = try Programs.run(kiroku.path, ["serve", "--port", "\(port)", "--data-dir", data.path, "--idle-timeout", "0"])
        #expect(refused.status != 0)
        #expect(refused.error.contains("Timeouts must be"))
    }
}

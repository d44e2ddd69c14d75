import Foundation
import Testing
import TestSupport

/// A newcomer's first minutes, for real: the `kiroku serve` binary, Debian's chromium at phone size,
/// sign up, record a weight, see it on the dashboard chart, restart the server, and it is still there.
@Suite(.serialized, .timeLimit(.minutes(5))) struct WebEndToEndTests {
    static let artifacts = Programs.packageRoot.appendingPathComponent("test-artifacts", isDirectory: true)

    @Test func newUserRecordsAWeightAndSeesItOnTheChartAcrossARestart() async throws {
        let kiroku = try #require(Programs.kiroku, "build kiroku first: swift build --build-tests")
        let chromium = try #require(Programs.chromium, "install chromium (make test does this as root)")
        let chromedriver = try #require(Programs.chromedriver, "install chromium-driver (make test does this as root)")
        try FileManager.default.createDirectory(at: Self.artifacts, withIntermediateDirectories: true)
        let dataDirectory = TestFiles.directory.appendingPathComponent("kiroku-e2e-\(UUID().uuidString)")
        let port = Programs.freePort()
        let site = "http://127.0.0.1:\(port)"
        let serve = [kiroku.path, "serve", "--port", "\(port)", "--data-dir", dataDirectory.path, "--log-format", "json"]

        var server = try Programs.start(serve[0], Array(serve.dropFirst()), log: Self.artifacts.appendingPathComponent("server.log"))
        let driverPort = Programs.freePort()
        let driverProcess = try Programs.start(chromedriver, ["--port=\(driverPort)"], log: Self.artifacts.appendingPathComponent("chromedriver.log"))
        defer {
            driverProcess.terminate()
            if server.isRunning { server.terminate() }
        }
        try await Programs.waitUntilUp(URL(string: "\(site)/health")!)
        try await Programs.waitUntilUp(URL(string: "http://127.0.0.1:\(driverPort)/status")!)

        let browser = try await WebDriver.start(
            driverURL: URL(string: "http://127.0.0.1:\(driverPort)")!, chromium: chromium, width: 390, height: 844
        )
        do {
            // An empty page, to compare the real screenshot against.
            try await browser.open("data:text/html,<html><body></body></html>")
            let blank = try await browser.screenshot()

            try await browser.open("\(site)/signup")
            try await browser.type("hanako", into: "#username")
            try await browser.type("はなこ", into: "#displayName")
            try await browser.type("correct horse battery", into: "#password")
            try await browser.type("correct horse battery", into: "#passwordConfirmation")
            try await browser.submit("#submit")
            #expect(try await browser.currentURL() == "\(site)/")

            try await browser.open("\(site)/records")
            try await browser.type("63.4", into: "#value")
            try await browser.submit("#save")
            #expect(try await browser.source().contains("保存しました"))

            try await browser.open("\(site)/")
            let dashboard = try await browser.source()
            #expect(dashboard.contains("63.4"), "the weight tile shows the new weight")
            let chart = try #require(Self.section("weight-chart", in: dashboard))
            #expect(chart.contains("<circle"), "the weight chart draws a point")
            #expect(chart.contains("63.4 kg"), "the point's tooltip names the weight")

            let screenshot = try await browser.screenshot()
            try screenshot.write(to: Self.artifacts.appendingPathComponent("dashboard-390x844.png"))
            let size = try #require(PNGSize(screenshot))
            #expect(size.width == 390)
            #expect(size.height == 844)
            #expect(screenshot.count > blank.count * 4, "the dashboard screenshot is not blank")

            // Restart: the record survives in the SQLite file.
            await Programs.stop(server)
            #expect(!server.isRunning)
            #expect(server.terminationStatus == 0, "SIGTERM shuts the server down gracefully")
            server = try Programs.start(serve[0], Array(serve.dropFirst()), log: Self.artifacts.appendingPathComponent("server-restarted.log"))
            try await Programs.waitUntilUp(URL(string: "\(site)/health")!)
            try await browser.open("\(site)/records")
            let records = try await browser.source()
            #expect(records.contains("63.4"), "the record is still there after a restart")
        } catch {
            try? await browser.screenshot().write(to: Self.artifacts.appendingPathComponent("failure.png"))
            await browser.quit()
            throw error
        }
        await browser.quit()
        await Programs.stop(server)
        try? FileManager.default.removeItem(at: dataDirectory)
    }

    @Test func aSecondServerOnTheSameDataDirectoryStopsWithAClearMessage() async throws {
        let kiroku = try #require(Programs.kiroku)
        let dataDirectory = TestFiles.directory.appendingPathComponent("kiroku-lock-\(UUID().uuidString)")
        let port = Programs.freePort()
        let first = try Programs.start(kiroku.path, ["serve", "--port", "\(port)", "--data-dir", dataDirectory.path], log: TestFiles.directory.appendingPathComponent("kiroku-lock-1.log"))
        defer { first.terminate() }
        try await Programs.waitUntilUp(URL(string: "http://127.0.0.1:\(port)/health")!)

        let secondLog = TestFiles.directory.appendingPathComponent("kiroku-lock-2-\(UUID().uuidString).log")
        let second = try Programs.start(kiroku.path, ["serve", "--port", "\(Programs.freePort())", "--data-dir", dataDirectory.path], log: secondLog)
        for _ in 0..<100 where second.isRunning {
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(!second.isRunning, "the second server exits at once")
        #expect(second.terminationStatus == 3)
        let message = try String(contentsOf: secondLog, encoding: .utf8)
        #expect(message.contains("already using"))
        #expect(message.contains("使用中"))
        await Programs.stop(first)
    }

    /// The HTML of the `<section id="…">` element, so assertions look at one chart, not the whole page.
    static func section(_ id: String, in html: String) -> String? {
        guard let start = html.range(of: "<section class=\"chart\" id=\"\(id)\"") else { return nil }
        guard let end = html.range(of: "</section>", range: start.upperBound..<html.endIndex) else { return nil }
        return String(html[start.lowerBound..<end.upperBound])
    }
}

/// Width and height from a PNG's IHDR chunk.
func PNGSize(_ data: Data) -> (width: Int, height: Int)? {
    let bytes = [UInt8](data.prefix(24))
    guard bytes.count == 24, bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else { return nil }
    func int(_ offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
    return (int(16), int(20))
}

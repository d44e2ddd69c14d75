import Foundation
import Testing

/// A real `kiroku serve` on a free port with a fresh data directory, and Debian's chromium at phone size
/// driving it — what every browser test needs, started and stopped in one place. On failure a screenshot
/// goes to test-artifacts/<name>-failure.png.
enum BrowserHarness {
    static let artifacts = Programs.packageRoot.appendingPathComponent("test-artifacts", isDirectory: true)

    static func run(
        _ name: String, width: Int = 390, height: Int = 844, seed: ((_ kiroku: String, _ dataDirectory: URL) throws -> Void)? = nil,
        _ body: (_ browser: WebDriver, _ site: String) async throws -> Void
    ) async throws {
        let kiroku = try #require(Programs.kiroku, "build kiroku first: swift build --build-tests")
        let chromium = try #require(Programs.chromium, "install chromium (make test does this as root)")
        let chromedriver = try #require(Programs.chromedriver, "install chromium-driver (make test does this as root)")
        try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
        let dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("kiroku-\(name)-\(UUID().uuidString)")
        try seed?(kiroku.path, dataDirectory)
        let port = Programs.freePort()
        let site = "http://127.0.0.1:\(port)"
        let server = try Programs.start(
            kiroku.path, ["serve", "--port", "\(port)", "--data-dir", dataDirectory.path, "--log-format", "json"],
            log: artifacts.appendingPathComponent("\(name)-server.log")
        )
        let driverPort = Programs.freePort()
        let driver = try Programs.start(chromedriver, ["--port=\(driverPort)"], log: artifacts.appendingPathComponent("\(name)-chromedriver.log"))
        defer {
            driver.terminate()
            if server.isRunning { server.terminate() }
            try? FileManager.default.removeItem(at: dataDirectory)
        }
        try await Programs.waitUntilUp(URL(string: "\(site)/health")!)
        try await Programs.waitUntilUp(URL(string: "http://127.0.0.1:\(driverPort)/status")!)
        let browser = try await WebDriver.start(
            driverURL: URL(string: "http://127.0.0.1:\(driverPort)")!, chromium: chromium, width: width, height: height
        )
        do {
            try await body(browser, site)
        } catch {
            try? await browser.screenshot().write(to: artifacts.appendingPathComponent("\(name)-failure.png"))
            await browser.quit()
            throw error
        }
        await browser.quit()
        await Programs.stop(server)
    }

    /// Signs a new user up through the real form.
    static func signUp(_ browser: WebDriver, site: String, username: String) async throws {
        try await browser.open("\(site)/signup")
        try await browser.type(username, into: "#username")
        try await browser.type(username, into: "#displayName")
        try await browser.type("correct horse battery", into: "#password")
        try await browser.submit("#submit")
    }
}

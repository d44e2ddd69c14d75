import Foundation
import Testing
import TestSupport

/// A real `kiroku serve` on a free port with a fresh data directory, and Debian's chromium at phone size
/// driving it — what every browser test needs, started and stopped in one place. On failure a screenshot
/// goes to test-artifacts/<name>-failure.png.
enum BrowserHarness {
    static let artifacts = Programs.packageRoot.appendingPathComponent("test-artifacts", isDirectory: true)

    /// `seed` fills the data directory (with the `kiroku` binary) before the server first starts.
    typealias Seed = (_ kiroku: String, _ dataDirectory: URL) throws -> Void

    static func run(
        _ name: String, width: Int = 390, height: Int = 844, seed: Seed? = nil,
        _ body: (_ browser: WebDriver, _ site: String) async throws -> Void
    ) async throws {
        try await run(name, width: width, height: height, seed: seed) { browser, site, _ in try await body(browser, site) }
    }

    /// The same, handing the body the server too, for tests that take the network away by stopping it.
    static func run(
        _ name: String, width: Int = 390, height: Int = 844, seed: Seed? = nil,
        _ body: (_ browser: WebDriver, _ site: String, _ server: Server) async throws -> Void
    ) async throws {
        let chromium = try #require(Programs.chromium, "install chromium (make test does this as root)")
        let chromedriver = try #require(Programs.chromedriver, "install chromium-driver (make test does this as root)")
        try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
        let server = try await Server(name: name, seed: seed)
        let driverPort = Programs.freePort()
        let driver = try Programs.start(chromedriver, ["--port=\(driverPort)"], log: artifacts.appendingPathComponent("\(name)-chromedriver.log"))
        defer {
            driver.terminate()
            server.discard()
        }
        try await Programs.waitUntilUp(URL(string: "http://127.0.0.1:\(driverPort)/status")!)
        let browser = try await WebDriver.start(
            driverURL: URL(string: "http://127.0.0.1:\(driverPort)")!, chromium: chromium, width: width, height: height
        )
        do {
            try await body(browser, server.site, server)
        } catch {
            try? await browser.screenshot().write(to: artifacts.appendingPathComponent("\(name)-failure.png"))
            await browser.quit()
            throw error
        }
        await browser.quit()
        await server.stop()
    }

    /// A `kiroku serve` with its own data directory that can be stopped and started again on the same port.
    final class Server {
        let name: String
        let port = Programs.freePort()
        let dataDirectory: URL
        private var process: ChildProcess?
        private var starts = 0
        var site: String { "http://127.0.0.1:\(port)" }

        init(name: String, seed: Seed? = nil) async throws {
            self.name = name
            dataDirectory = TestFiles.directory.appendingPathComponent("kiroku-\(name)-\(UUID().uuidString)")
            if let seed {
                let kiroku = try #require(Programs.kiroku, "build kiroku first: swift build --build-tests")
                try seed(kiroku.path, dataDirectory)
            }
            try await start()
        }

        func start() async throws {
            let kiroku = try #require(Programs.kiroku, "build kiroku first: swift build --build-tests")
            starts += 1
            process = try Programs.start(
                kiroku.path, ["serve", "--port", "\(port)", "--data-dir", dataDirectory.path, "--log-format", "json"],
                log: artifacts.appendingPathComponent("\(name)-server\(starts == 1 ? "" : "-\(starts)").log")
            )
            try await Programs.waitUntilUp(URL(string: "\(site)/health")!)
        }

        func stop() async {
            if let process { await Programs.stop(process) }
            process = nil
        }

        /// On the way out, whatever happened: no process left, no data left.
        func discard() {
            if let process, process.isRunning { process.terminate() }
            try? FileManager.default.removeItem(at: dataDirectory)
        }
    }

    /// A demo account (`kiroku demo`: "demo", password `demoPassword`) with `days` of records.
    static func demo(days: Int) -> Seed {
        { kiroku, data in
            let demo = try Programs.run(kiroku, ["demo", "--data-dir", data.path, "--days", "\(days)"])
            #expect(demo.status == 0, "\(demo.error)")
        }
    }

    static let demoPassword = "kiroku-demo-password"

    /// Signs in through the real form.
    static func signIn(_ browser: WebDriver, site: String, username: String = "demo", password: String = demoPassword) async throws {
        try await browser.open("\(site)/signin")
        try await browser.type(username, into: "#username")
        try await browser.type(password, into: "#password")
        try await browser.submit("#submit")
    }

    /// A task with its steps and a workout set today, through the real forms, so those pages have something to show.
    /// Returns the task page's path.
    @discardableResult
    static func addTaskAndSet(_ browser: WebDriver, site: String, task: String, steps: [String]) async throws -> String {
        try await browser.open("\(site)/tasks")
        try await browser.type(task, into: "#task-title")
        try await browser.type(steps.joined(separator: "\n"), into: "#task-steps")
        try await browser.submit("#create-task")
        let path = String(try await browser.currentURL().dropFirst(site.count))
        try await browser.open("\(site)/workouts")
        try await browser.type("60", into: "#weight")
        try await browser.type("8", into: "#reps")
        try await browser.submit("#log-button")
        return path
    }

    /// Signs a new user up through the real form.
    static func signUp(_ browser: WebDriver, site: String, username: String) async throws {
        try await browser.open("\(site)/signup")
        try await browser.type(username, into: "#username")
        try await browser.type(username, into: "#displayName")
        try await browser.type("correct horse battery", into: "#password")
        try await browser.type("correct horse battery", into: "#passwordConfirmation")
        try await browser.submit("#submit")
    }
}

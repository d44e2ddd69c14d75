import Foundation
import Testing
import TestSupport

/// The さわやか page on a phone, for real: `kiroku serve`, Debian's chromium at 390×844, the list, a search, the
/// "clear" link, a region filter, a store's detail page, and a refresh that keeps the list when the server is gone.
@Suite(.serialized, .timeLimit(.minutes(5))) struct SawayakaEndToEndTests {
    static let artifacts = WebEndToEndTests.artifacts

    @Test func listFilterDetailAndARefreshThatSurvivesAnOutage() async throws {
        let kiroku = try #require(Programs.kiroku, "build kiroku first: swift build --build-tests")
        let chromium = try #require(Programs.chromium, "install chromium (make test does this as root)")
        let chromedriver = try #require(Programs.chromedriver, "install chromium-driver (make test does this as root)")
        try FileManager.default.createDirectory(at: Self.artifacts, withIntermediateDirectories: true)
        let dataDirectory = TestFiles.directory.appendingPathComponent("kiroku-sawayaka-\(UUID().uuidString)")
        let port = Programs.freePort()
        let site = "http://127.0.0.1:\(port)"
        let server = try Programs.start(kiroku.path, ["serve", "--port", "\(port)", "--data-dir", dataDirectory.path], log: Self.artifacts.appendingPathComponent("sawayaka-server.log"))
        let driverPort = Programs.freePort()
        let driverProcess = try Programs.start(chromedriver, ["--port=\(driverPort)"], log: Self.artifacts.appendingPathComponent("sawayaka-chromedriver.log"))
        defer {
            driverProcess.terminate()
            if server.isRunning { server.terminate() }
        }
        try await Programs.waitUntilUp(URL(string: "\(site)/health")!)
        try await Programs.waitUntilUp(URL(string: "http://127.0.0.1:\(driverPort)/status")!)
        let browser = try await WebDriver.start(driverURL: URL(string: "http://127.0.0.1:\(driverPort)")!, chromium: chromium, width: 390, height: 844)
        do {
            try await browser.open("\(site)/sawayaka")
            #expect(try await browser.count("li.wt-store") == 35)
            #expect(try await browser.count("li.wt-store .wt-badge") == 35, "every store says its wait or that it is closed")
            #expect(try await browser.script("return document.documentElement.scrollWidth;") as? Int ?? 999 <= 390, "fits a 390 px phone")
            try await browser.screenshot().write(to: Self.artifacts.appendingPathComponent("sawayaka-390x844.png"))

            try await browser.type("御殿場", into: "#wt-q")
            try await browser.submit("#wt-apply")
            #expect(try await browser.count("li.wt-store") == 2)
            #expect(try await browser.source().contains("御殿場インター店"))

            try await browser.submit("#wt-clear")
            #expect(try await browser.count("li.wt-store") == 35, "clearing restores every store")

            try await browser.click("#wt-region option[value='tobu']")
            try await browser.submit("#wt-apply")
            #expect(try await browser.count("li.wt-store") == 7)
            try await browser.click("#wt-map-section summary")
            #expect(try await browser.count("#wt-map-section circle") == 7, "the map shows the same seven stores")
            try await browser.screenshot().write(to: Self.artifacts.appendingPathComponent("sawayaka-map-390x844.png"))

            try await browser.submit("#wt-list a[href='/sawayaka/gotemba-ic']")
            #expect(try await browser.currentURL() == "\(site)/sawayaka/gotemba-ic")
            let detail = try await browser.source()
            #expect(detail.contains("href=\"tel:0550828855\""))
            #expect(detail.contains("https://www.google.com/maps/search/"))
            #expect(detail.contains("kc-heatmap"))
            try await browser.screenshot().write(to: Self.artifacts.appendingPathComponent("sawayaka-detail-390x844.png"))

            // Refresh in place works; with the server gone it keeps the list and says the update failed.
            try await browser.open("\(site)/sawayaka")
            try await browser.click("#wt-refresh")
            try await browser.waitFor("return document.getElementById('wt-refresh').getAttribute('aria-busy') === null;")
            #expect(try await browser.script("return document.getElementById('wt-status').hidden;") as? Bool == true)
            await Programs.stop(server)
            try await browser.click("#wt-refresh")
            try await browser.waitFor("return !document.getElementById('wt-status').hidden;")
            let status = try await browser.script("return document.getElementById('wt-status').textContent;") as? String ?? ""
            #expect(status.contains("データ更新失敗"))
            #expect(status.contains("最終更新"))
            #expect(try await browser.count("li.wt-store") == 35, "what was shown stays")
        } catch {
            try? await browser.screenshot().write(to: Self.artifacts.appendingPathComponent("sawayaka-failure.png"))
            await browser.quit()
            throw error
        }
        await browser.quit()
        await Programs.stop(server)
        try? FileManager.default.removeItem(at: dataDirectory)
    }
}

extension WebDriver {
    @discardableResult
    func script(_ source: String) async throws -> Any? {
        try await Self.call(base.appendingPathComponent("execute/sync"), method: "POST", body: ["script": source, "args": []])
    }

    func count(_ css: String) async throws -> Int {
        try await script("return document.querySelectorAll(\"\(css)\").length;") as? Int ?? -1
    }

    /// Polls a script until it returns true.
    func waitFor(_ condition: String, timeout: TimeInterval = 15) async throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if try await script(condition) as? Bool == true { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw Failure(description: "timed out waiting for: \(condition)")
    }
}

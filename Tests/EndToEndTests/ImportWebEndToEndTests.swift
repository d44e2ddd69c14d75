import Foundation
import Testing
import TestSupport

extension WebDriver {
    /// Chooses a file in an `<input type="file">` (WebDriver sends the path as the element's keys).
    func attach(_ path: String, to css: String) async throws {
        let id = try await element(css)
        _ = try await Self.call(base.appendingPathComponent("element/\(id)/value"), method: "POST", body: ["text": path])
    }
}

/// Uploading an Apple Health export from the records page in a real browser at phone size, without any script:
/// the status page refreshes itself until the summary appears.
@Suite(.serialized, .timeLimit(.minutes(5))) struct ImportWebEndToEndTests {
    @Test func uploadAnExportFromTheRecordsPageAndSeeTheSummary() async throws {
        let kiroku = try #require(Programs.kiroku, "build kiroku first: swift build --build-tests")
        let chromium = try #require(Programs.chromium, "install chromium (make test does this as root)")
        let chromedriver = try #require(Programs.chromedriver, "install chromium-driver (make test does this as root)")
        let artifacts = WebEndToEndTests.artifacts
        try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
        let dataDirectory = TestFiles.directory.appendingPathComponent("kiroku-import-e2e-\(UUID().uuidString)")
        let port = Programs.freePort()
        let site = "http://127.0.0.1:\(port)"
        let server = try Programs.start(kiroku.path, ["serve", "--port", "\(port)", "--data-dir", dataDirectory.path],
                                        log: artifacts.appendingPathComponent("import-server.log"))
        let driverPort = Programs.freePort()
        let driverProcess = try Programs.start(chromedriver, ["--port=\(driverPort)"], log: artifacts.appendingPathComponent("import-chromedriver.log"))
        defer {
            driverProcess.terminate()
            server.terminate()
        }
        try await Programs.waitUntilUp(URL(string: "\(site)/health")!)
        try await Programs.waitUntilUp(URL(string: "http://127.0.0.1:\(driverPort)/status")!)
        let browser = try await WebDriver.start(
            driverURL: URL(string: "http://127.0.0.1:\(driverPort)")!, chromium: chromium, width: 390, height: 844
        )
        do {
            try await browser.open("\(site)/signup")
            try await browser.type("hanako", into: "#username")
            try await browser.type("correct horse battery", into: "#password")
            try await browser.type("correct horse battery", into: "#passwordConfirmation")
            try await browser.submit("#submit")

            try await browser.open("\(site)/records")
            try await browser.screenshot().write(to: artifacts.appendingPathComponent("import-form-390x844.png"))
            try await browser.attach(CLITests.fixture("export-localized.zip"), to: "#import-file")
            try await browser.submit("#import-start")
            #expect(try await browser.currentURL().hasPrefix("\(site)/imports/"))

            var page = ""
            for _ in 0..<60 {
                page = try await browser.source()
                if page.contains("data-state=\"succeeded\"") { break }
                try await Task.sleep(for: .milliseconds(500))
            }
            #expect(page.contains("data-state=\"succeeded\""), "the page refreshed itself to the result")
            #expect(page.contains("id=\"import-total-imported\">33<"))
            #expect(page.contains("id=\"import-kept-raw\""), "the kept-raw line shows on the phone-sized page")
            #expect(page.contains("歩数"))
            try await browser.screenshot().write(to: artifacts.appendingPathComponent("import-status-390x844.png"))

            // The imported history (2024, far outside the last year) is on the dashboard's whole-history view.
            try await browser.click("#import-see-history")
            #expect(try await browser.currentURL().hasSuffix("/?range=all"))
            let dashboard = try await browser.source()
            let weightChart = try #require(dashboard.components(separatedBy: "id=\"weight-chart\"").last)
            #expect(weightChart.contains("class=\"kc-line\""), "the imported weights are drawn")
            #expect(dashboard.components(separatedBy: "class=\"kc-bar\"").count > 1, "the imported steps are drawn")
            try await browser.screenshot().write(to: artifacts.appendingPathComponent("import-history-390x844.png"))

            // The imported run and strength session are listed, and the list fits the phone.
            try await browser.open("\(site)/records/workouts")
            let workouts = try await browser.source()
            #expect(workouts.contains("ランニング") && workouts.contains("筋力トレーニング"))
            let width = try await browser.evaluate("return document.documentElement.scrollWidth;") as? Int
            #expect(width == 390, "the workouts list fits 390 px")
            try await browser.screenshot().write(to: artifacts.appendingPathComponent("import-workouts-390x844.png"))

            try await browser.open("\(site)/records")
            let records = try await browser.source()
            #expect(records.contains("export.zip") || records.contains("eksport"), "the import is listed")
            #expect(records.contains("ヘルスケアから読み込み"), "imported records show their source")
        } catch {
            try? await browser.screenshot().write(to: artifacts.appendingPathComponent("import-failure.png"))
            await browser.quit()
            throw error
        }
        await browser.quit()
        try? FileManager.default.removeItem(at: dataDirectory)
    }
}

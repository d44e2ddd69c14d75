import Foundation
import Testing
import TestSupport

/// The Workouts page on a phone, for real: `kiroku serve`, Debian's chromium at 390×844, sign up, log a set from the
/// exercise list, then repeat it from the recent list with one tap, and adjust-and-log with two.
@Suite(.serialized, .timeLimit(.minutes(5))) struct WorkoutsEndToEndTests {
    static let artifacts = Programs.packageRoot.appendingPathComponent("test-artifacts", isDirectory: true)
    static let bench = "6b1d0000-0000-4000-8000-000000000001"

    @Test func aPhoneUserLogsSetsInAtMostThreeTaps() async throws {
        let kiroku = try #require(Programs.kiroku, "build kiroku first: swift build --build-tests")
        let chromium = try #require(Programs.chromium, "install chromium (make test does this as root)")
        let chromedriver = try #require(Programs.chromedriver, "install chromium-driver (make test does this as root)")
        try FileManager.default.createDirectory(at: Self.artifacts, withIntermediateDirectories: true)
        let dataDirectory = TestFiles.directory.appendingPathComponent("kiroku-e2e-workouts-\(UUID().uuidString)")
        let port = Programs.freePort()
        let site = "http://127.0.0.1:\(port)"
        let server = try Programs.start(kiroku.path, ["serve", "--port", "\(port)", "--data-dir", dataDirectory.path],
                                        log: Self.artifacts.appendingPathComponent("workouts-server.log"))
        let driverPort = Programs.freePort()
        let driverProcess = try Programs.start(chromedriver, ["--port=\(driverPort)"], log: Self.artifacts.appendingPathComponent("workouts-chromedriver.log"))
        defer {
            driverProcess.terminate()
            if server.isRunning { server.terminate() }
        }
        try await Programs.waitUntilUp(URL(string: "\(site)/health")!)
        try await Programs.waitUntilUp(URL(string: "http://127.0.0.1:\(driverPort)/status")!)
        let browser = try await WebDriver.start(driverURL: URL(string: "http://127.0.0.1:\(driverPort)")!, chromium: chromium, width: 390, height: 844)
        do {
            try await browser.open("\(site)/signup")
            try await browser.type("taro", into: "#username")
            try await browser.type("correct horse battery", into: "#password")
            try await browser.type("correct horse battery", into: "#passwordConfirmation")
            try await browser.submit("#submit")

            // First set: pick the exercise, type weight and reps, log.
            try await browser.open("\(site)/workouts")
            try await browser.click("#exercise option[value='\(Self.bench)']")
            try await browser.type("80", into: "#weight")
            try await browser.type("5", into: "#reps")
            try await browser.submit("#log-button")
            var page = try await browser.source()
            #expect(page.contains("記録しました"))
            #expect(Self.today(page).contains("80 kg × 5"))

            // Second set: one tap on the recent exercise repeats the last set.
            try await browser.submit("button.quick[data-exercise='\(Self.bench)']")
            page = try await browser.source()
            #expect(Self.today(page).components(separatedBy: "80 kg × 5").count - 1 == 2)

            // Third set: tap ✎ (weight and reps arrive pre-filled), change the weight, tap log.
            try await browser.click("a.adjust")
            try await browser.waitForURL(containing: "?exercise=")
            #expect(try await browser.value(of: "#weight") == "80")
            #expect(try await browser.value(of: "#reps") == "5")
            try await browser.type("85", into: "#weight")
            try await browser.submit("#log-button")
            page = try await browser.source()
            #expect(Self.today(page).contains("85 kg × 5"))
            #expect(page.contains("自己ベスト更新"), "85 × 5 beats 80 × 5")

            let width = try await browser.evaluate("return document.documentElement.scrollWidth;") as? Int
            #expect(width == 390, "nothing sticks out sideways on a 390 px phone")
            let screenshot = try await browser.screenshot()
            try screenshot.write(to: Self.artifacts.appendingPathComponent("workouts-390x844.png"))
            #expect(PNGSize(screenshot)?.width == 390)

            // The day page and the settings page fit the phone too.
            let today = try #require(page.range(of: #"/workouts/day/\d{4}-\d{2}-\d{2}"#, options: .regularExpression).map { String(page[$0]) })
            for path in [today, "/workouts/settings", "/workouts?span=52w"] {
                try await browser.open(site + path)
                let pageWidth = try await browser.evaluate("return document.documentElement.scrollWidth;") as? Int
                #expect(pageWidth == 390, "\(path) fits 390 px")
            }
            #expect(try await browser.source().contains("kc-weekly-chart"))

            // A Strong export chosen as a file on the settings page: multipart, token first, no script.
            let csv = dataDirectory.appendingPathExtension("strong.csv")
            try """
                Date,Workout Name,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE
                2026-11-02 07:00:00,Legs,Deadlift (Barbell),1,140,3,0,0,,,
                2026-11-02 07:00:00,Legs,Deadlift (Barbell),2,140,3,0,0,,,
                """.write(to: csv, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(at: csv) }
            try await browser.open(site + "/workouts/settings")
            try await browser.attach(csv.path, to: "#csv-file")
            try await browser.submit("#import-file-submit")
            let imported = try await browser.source()
            #expect(imported.contains("2セットを取り込みました") || imported.contains("Imported 2 sets"), "the summary is on the page")
        } catch {
            try? await browser.screenshot().write(to: Self.artifacts.appendingPathComponent("workouts-failure.png"))
            await browser.quit()
            throw error
        }
        await browser.quit()
        await Programs.stop(server)
        try? FileManager.default.removeItem(at: dataDirectory)
    }

    static func today(_ html: String) -> String {
        guard let start = html.range(of: "id=\"today\""), let end = html.range(of: "</section>", range: start.upperBound..<html.endIndex) else { return "" }
        return String(html[start.upperBound..<end.lowerBound])
    }
}

extension WebDriver {
    /// Waits for a link's navigation: WebDriver's click returns before the next page has loaded.
    func waitForURL(containing fragment: String, timeout: TimeInterval = 15) async throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if try await currentURL().contains(fragment), try await evaluate("return document.readyState;") as? String == "complete" { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw Failure(description: "no page at a URL containing \(fragment) after \(Int(timeout)) s")
    }

    func value(of css: String) async throws -> String? {
        try await evaluate("return document.querySelector(\"\(css)\").value;") as? String
    }
}

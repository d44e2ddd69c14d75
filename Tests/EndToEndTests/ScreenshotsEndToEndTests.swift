import Foundation
import Testing

/// The README's pictures (issue 15): a demo account with a year of records, a task and a workout, photographed at
/// 390×844 into docs/screenshots/. Only when asked (`KIROKU_SCREENSHOTS=1 swift test --filter ScreenshotsEndToEndTests`):
/// the PNGs are committed, not rewritten on every run.
@Suite(.serialized, .timeLimit(.minutes(5)), .enabled(if: ProcessInfo.processInfo.environment["KIROKU_SCREENSHOTS"] == "1"))
struct ScreenshotsEndToEndTests {
    static let directory = Programs.packageRoot.appendingPathComponent("docs/screenshots", isDirectory: true)
    static let pages = [
        ("dashboard", "/"), ("records", "/records"), ("trends", "/trends/bodyMass"),
        ("tasks", "/tasks"), ("workouts", "/workouts"), ("sawayaka", "/sawayaka"),
    ]

    @Test func photographTheMainPagesAtPhoneSize() async throws {
        try await BrowserHarness.run("screenshots", seed: BrowserHarness.demo(days: 365)) { browser, site in
            try await BrowserHarness.signIn(browser, site: site)
            try await BrowserHarness.addTaskAndSet(browser, site: site, task: "引っ越しの準備", steps: ["段ボールを買う", "本棚を片付ける", "住所変更"])
            try FileManager.default.createDirectory(at: Self.directory, withIntermediateDirectories: true)
            for (name, path) in Self.pages {
                try await browser.open(site + path)
                let png = try await browser.screenshot()
                #expect(png.count > 1000, "\(name) was photographed")
                try png.write(to: Self.directory.appendingPathComponent("\(name).png"))
            }
        }
    }
}

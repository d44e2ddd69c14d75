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
        let seed: (String, URL) throws -> Void = { kiroku, data in
            let demo = try Programs.run(kiroku, ["demo", "--data-dir", data.path, "--days", "365"])
            #expect(demo.status == 0, "\(demo.error)")
        }
        try await BrowserHarness.run("screenshots", seed: seed) { browser, site in
            try await browser.open("\(site)/signin")
            try await browser.type("demo", into: "#username")
            try await browser.type("kiroku-demo-password", into: "#password")
            try await browser.submit("#submit")
            try await browser.open("\(site)/tasks")
            try await browser.type("引っ越しの準備", into: "#task-title")
            try await browser.type("段ボールを買う\n本棚を片付ける\n住所変更", into: "#task-steps")
            try await browser.submit("#create-task")
            try await browser.open("\(site)/workouts")
            try await browser.type("60", into: "#weight")
            try await browser.type("8", into: "#reps")
            try await browser.submit("#log-button")
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

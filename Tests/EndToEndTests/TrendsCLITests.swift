import Foundation
import Testing
import TestSupport

/// `kiroku trends`, `kiroku insights` and `kiroku report`, run as a person would.
@Suite(.timeLimit(.minutes(5))) struct TrendsCLITests {
    let dataDirectory = TestFiles.directory.appendingPathComponent("kiroku-trends-cli-\(UUID().uuidString)").path

    func kiroku(_ arguments: [String], input: String? = nil, language: String = "en_US.UTF-8") throws -> (status: Int32, output: String, error: String) {
        let binary = try #require(Programs.kiroku, "build kiroku first: swift build --build-tests")
        let run = try Programs.run(binary.path, arguments + ["--data-dir", dataDirectory], input: input, environment: ["LANG": language], unsetting: ["LC_ALL", "LC_MESSAGES"])
        return (run.status, run.output, run.error)
    }

    @Test func trendsInsightsAndTheReportPrintTheFigures() throws {
        #expect(try kiroku(["user", "create", "hanako", "--password-stdin"], input: "correct horse battery\n").status == 0)
        for (day, steps) in [("01", "1000"), ("02", "3000"), ("04", "6000")] {
            let added = try kiroku(["records", "add", "--metric", "steps", "--value", steps, "--at", "2026-03-\(day)T12:00:00+09:00", "--user", "hanako"])
            #expect(added.status == 0, "\(added.error)")
        }
        let trends = try kiroku(["trends", "steps", "--user", "hanako", "--period", "custom", "--from", "2026-03-01", "--to", "2026-03-07"])
        #expect(trends.status == 0, "\(trends.error)")
        #expect(trends.output.contains("Total: 10,000 steps"), "\(trends.output)")
        #expect(trends.output.contains("Median: 3,000 steps"))
        #expect(trends.output.contains("Days with data: 3 / 7 (43 %)"))

        let japanese = try kiroku(["trends", "steps", "--user", "hanako", "--period", "month", "--date", "2026-03-10"], language: "ja_JP.UTF-8")
        #expect(japanese.output.contains("合計: 10,000歩"), "\(japanese.output)")

        let bad = try kiroku(["trends", "steps", "--user", "hanako", "--period", "fortnight"])
        #expect(bad.status != 0)
        #expect(bad.error.contains("week, month, year or custom"))
        let unknown = try kiroku(["trends", "happiness", "--user", "hanako"])
        #expect(unknown.status != 0)
        #expect(unknown.error.contains("no metric called"))

        let report = try kiroku(["report", "--month", "2026-03", "--user", "hanako"])
        #expect(report.status == 0, "\(report.error)")
        #expect(report.output.contains("Monthly report 2026-03"))
        #expect(report.output.contains("Total: 10,000 steps"))

        let insights = try kiroku(["insights", "--user", "hanako"])
        #expect(insights.status == 0, "\(insights.error)")
        #expect(insights.output.contains("Pairs tested"))
    }
}

import Foundation
import Testing
import TestSupport

/// `kiroku sync run` against a gateway that is not running, with the default retry schedule (no test shortcut): the
/// person at the terminal is told within seconds, the command exits non-zero, and the run waits in the history with
/// its reason while every record stays queued. It used to take about 91 s.
@Suite(.timeLimit(.minutes(5))) struct SyncUnreachableEndToEndTests {
    @Test func aSyncRunAgainstAGatewayThatIsDownEndsWithinSecondsAndExitsNonZero() throws {
        let kiroku = try #require(Programs.kiroku, "build kiroku first: swift build --build-tests").path
        let data = TestFiles.directory.appendingPathComponent("kiroku-sync-down-\(UUID().uuidString)").path
        let demo = try Programs.run(kiroku, ["demo", "--days", "30", "--data-dir", data])
        #expect(demo.status == 0, "\(demo.error)")
        let total = try SyncEndToEndTests.recordCount(kiroku, data: data, user: "demo")
        #expect(total > 100, "more than one batch")
        let port = Programs.freePort()
        let configured = try Programs.run(kiroku, ["sync", "configure", "--user", "demo", "--url", "https://127.0.0.1", "--port", "\(port)", "--api-key", "k", "--data-dir", data])
        #expect(configured.status == 0, "\(configured.error)")

        let english = ["LANG": "en_US.UTF-8"]
        let started = Date()
        let run = try Programs.run(kiroku, ["sync", "run", "--user", "demo", "--data-dir", data], environment: english, unsetting: ["LC_ALL", "LC_MESSAGES"], timeout: 120)
        let took = Date().timeIntervalSince(started)
        // A behaviour bound a person notices, not a benchmark.
        #expect(took < 15, "took \(took) s")
        #expect(run.status == 2, "\(run.output) \(run.error)")
        #expect(run.output.contains("Sync failed after 0 records: cannot connect to 127.0.0.1:\(port) (connection refused"), "\(run.output)")
        #expect(run.output.contains("The rest stays queued for the next run."), "\(run.output)")

        let status = try Programs.run(kiroku, ["sync", "status", "--user", "demo", "--data-dir", data], environment: english, unsetting: ["LC_ALL", "LC_MESSAGES"])
        #expect(status.output.contains("Waiting: \(total) records"), "\(status.output)")
        let history = try Programs.run(kiroku, ["sync", "history", "--user", "demo", "--data-dir", data], environment: english, unsetting: ["LC_ALL", "LC_MESSAGES"]).output
        let rows = history.split(separator: "\n").dropFirst()
        #expect(rows.count == 1 && rows.first?.contains(" failed ") == true && rows.first?.contains("connection refused") == true, "\(history)")
    }
}

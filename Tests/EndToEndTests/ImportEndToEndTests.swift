import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Testing
import TestSupport

/// `kiroku import` and `POST /api/v1/imports` run for real: the built binary, a real SQLite file, real HTTP.
extension CLITests {
    static func fixture(_ name: String) -> String {
        Programs.packageRoot.appendingPathComponent("Tests/HealthImportTests/Fixtures/\(name)").path
    }

    @Test func importAnAppleHealthExportTwiceThenABrokenOne() throws {
        let created = try kiroku(["user", "create", "hanako", "--password-stdin"], input: "correct horse battery\n")
        #expect(created.status == 0, "\(created.error)")

        let first = try kiroku(["import", Self.fixture("export-localized.zip"), "--user", "hanako"])
        #expect(first.status == 0, "\(first.error)")
        let stepsLine = try #require(first.output.split(separator: "\n").first { $0.hasPrefix("Steps ") })
        #expect(stepsLine.split(separator: " ", omittingEmptySubsequences: true).map(String.init) == ["Steps", "2", "0", "0"])
        let totalLine = try #require(first.output.split(separator: "\n").first { $0.hasPrefix("Total") })
        #expect(totalLine.split(separator: " ", omittingEmptySubsequences: true).map(String.init) == ["Total", "33", "0", "0"])
        #expect(first.output.contains("Kept raw: 6 (bad_date: 1, no_metric: 2, unknown_type: 2, unknown_unit: 1)"), "\(first.output)")

        let again = try kiroku(["import", Self.fixture("export-modern.xml"), "--user", "hanako"], language: "ja_JP.UTF-8")
        #expect(again.status == 0)
        let total = try #require(again.output.split(separator: "\n").first { $0.hasPrefix("合計") })
        #expect(total.split(separator: " ", omittingEmptySubsequences: true).map(String.init) == ["合計", "0", "33", "0"])

        let broken = try kiroku(["import", Self.fixture("malformed.xml"), "--user", "hanako"])
        #expect(broken.status != 0)
        #expect(broken.error.contains("line 39"))

        let list = try kiroku(["records", "list", "--user", "hanako", "--limit", "100"])
        #expect(list.output.split(separator: "\n").count == 21)
    }

    @Test func aCSVWithBadRowsImportsNothingAndNamesEveryLine() throws {
        _ = try kiroku(["user", "create", "taro", "--password-stdin"], input: "correct horse battery\n")
        let directory = TestFiles.directory.appendingPathComponent("kiroku-csv-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let bad = directory.appendingPathComponent("bad.csv")
        try """
            date,metric,value,unit,source
            2024-03-01T07:30:00+09:00,weight,70.2,kg,Scale
            2024-03-01T08:00:00+09:00,steps,abc,count
            yesterday,weight,70,kg
            2024-03-02T07:30:00+09:00,weight,154,lb,Scale
            2024-03-02T07:30:00+09:00,flux,1,x

            """.write(to: bad, atomically: true, encoding: .utf8)
        let refused = try kiroku(["import", bad.path, "--user", "taro"])
        #expect(refused.status != 0)
        for line in ["line 3:", "line 4:", "line 6:"] { #expect(refused.error.contains(line), "\(refused.error)") }
        #expect(!refused.error.contains("line 2:") && !refused.error.contains("line 5:"))
        #expect(try kiroku(["records", "list", "--user", "taro"]).output.split(separator: "\n").count == 1)

        let good = directory.appendingPathComponent("good.csv")
        try "date,metric,value,unit\n2024-03-01T07:30:00+09:00,weight,70.2,kg\n2024-03-02 07:30:00 +0900,weight,154,lb\n"
            .write(to: good, atomically: true, encoding: .utf8)
        let imported = try kiroku(["import", good.path, "--user", "taro"])
        #expect(imported.status == 0, "\(imported.error)")
        #expect(try kiroku(["import", good.path, "--user", "taro"]).output.contains("Already present"))
        let list = try kiroku(["records", "list", "--user", "taro"]).output
        #expect(list.contains("70.2") && list.contains("69.9"))
    }

    @Test func uploadAnExportToTheRunningServer() async throws {
        let binary = try #require(Programs.kiroku)
        _ = try kiroku(["user", "create", "hanako", "--password-stdin"], input: "correct horse battery\n")
        let token = try kiroku(["token", "create", "--user", "hanako", "--name", "e2e"]).output.trimmingCharacters(in: .whitespacesAndNewlines)
        let port = Programs.freePort()
        let server = try Programs.start(binary.path, ["serve", "--port", "\(port)", "--data-dir", dataDirectory],
                                        log: URL(fileURLWithPath: dataDirectory + "-server.log"))
        defer { server.terminate() }
        try await Programs.waitUntilUp(URL(string: "http://127.0.0.1:\(port)/health")!)

        var upload = HTTPClientRequest(url: "http://127.0.0.1:\(port)/api/v1/imports?name=export.zip")
        upload.method = .POST
        upload.headers.add(name: "Authorization", value: "Bearer \(token)")
        upload.headers.add(name: "Content-Type", value: "application/zip")
        upload.body = .bytes(ByteBuffer(bytes: try Data(contentsOf: URL(fileURLWithPath: Self.fixture("export-localized.zip")))))
        let accepted = try await HTTPClient.shared.execute(upload, timeout: .seconds(30))
        #expect(accepted.status == .accepted)
        let location = try #require(accepted.headers["location"].first)

        var job: [String: Any] = [:]
        for _ in 0..<100 {
            var status = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(location)")
            status.headers.add(name: "Authorization", value: "Bearer \(token)")
            let answer = try await HTTPClient.shared.execute(status, timeout: .seconds(10))
            job = try JSONSerialization.jsonObject(with: Data((try await answer.body.collect(upTo: 1 << 20)).readableBytesView)) as? [String: Any] ?? [:]
            if job["state"] as? String == "succeeded" { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(job["state"] as? String == "succeeded")
        #expect((job["total"] as? [String: Int])?["imported"] == 33)
        let uploads = try FileManager.default.contentsOfDirectory(atPath: dataDirectory + "/imports")
        #expect(uploads.isEmpty)
    }
}

extension CLITests {
    /// An export of `count` step records (plus the DTD), written the way the Health app writes it.
    static func writeExport(records count: Int, to url: URL) throws {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE HealthData [
            <!ATTLIST Record type CDATA #REQUIRED sourceName CDATA #REQUIRED startDate CDATA #REQUIRED endDate CDATA #REQUIRED>
            ]>
            <HealthData locale="ja_JP">

            """
        for index in 0..<count {
            let minute = index % 60, hour = index / 60 % 24, day = index / 1440 % 28 + 1, month = index / 40_320 % 12 + 1
            let stamp = String(format: "2023-%02d-%02d %02d:%02d:00 +0900", month, day, hour, minute)
            text += " <Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"iPhone\" unit=\"count\" startDate=\"\(stamp)\" endDate=\"\(stamp)\" value=\"\(index % 500 + 1)\"><MetadataEntry key=\"HKWasUserEntered\" value=\"0\"/></Record>\n"
        }
        text += "</HealthData>\n"
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    @Test func anImportKilledMidwayIsCompletedByTheNextRun() async throws {
        let binary = try #require(Programs.kiroku)
        let sqlite = try #require(Programs.find(["sqlite3"]), "install sqlite3")
        _ = try kiroku(["user", "create", "hanako", "--password-stdin"], input: "correct horse battery\n")
        let export = URL(fileURLWithPath: dataDirectory + "-export.xml")
        // Ten batches of 10,000: the import is stopped and resumed in 15 ms bursts (`runInBursts`), so the first
        // committed batch shows long before the last on any machine, and the three debug-build imports stay well
        // inside the suite's time limit on a loaded one (400,000 took 200 of its 300 s, and over 300 s under load).
        let count = 100_000
        try Self.writeExport(records: count, to: export)

        @Sendable func committed() -> Int {
            // Waits out the importer's brief WAL checkpoints instead of reading "database is locked" as zero.
            let query = try? Programs.run(sqlite, ["-cmd", ".timeout 5000", dataDirectory + "/kiroku.sqlite", "SELECT COALESCE(MAX(itemsCommitted), 0) FROM importJob"])
            return Int(query?.output.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 0
        }

        let first = try Programs.start(binary.path, ["import", export.path, "--user", "hanako", "--data-dir", dataDirectory],
                                       log: URL(fileURLWithPath: dataDirectory + "-import.log"))
        let before = await Self.runInBursts(first.processIdentifier, until: { $0 > 0 }, probe: committed)
        kill(first.processIdentifier, SIGKILL)
        first.waitUntilExit()
        #expect(before > 0 && before < count, "first progress seen at \(before) of \(count) items")
        #expect(first.terminationReason == .uncaughtSignal)

        let resumed = try kiroku(["import", export.path, "--user", "hanako"])
        #expect(resumed.status == 0, "\(resumed.error)")
        #expect(resumed.error.contains("Resuming"))
        let total = try #require(resumed.output.split(separator: "\n").first { $0.hasPrefix("Total") })
        #expect(total.split(separator: " ", omittingEmptySubsequences: true).map(String.init) == ["Total", "\(count)", "0", "0"])

        let again = try kiroku(["import", export.path, "--user", "hanako"])
        let noop = try #require(again.output.split(separator: "\n").first { $0.hasPrefix("Total") })
        #expect(noop.split(separator: " ", omittingEmptySubsequences: true).map(String.init) == ["Total", "0", "\(count)", "0"])
    }

    /// Lets a stopped process run in 15 ms bursts (SIGCONT … SIGSTOP) and calls `probe` while it is stopped,
    /// until `done` accepts what the probe saw or the process ends; the process is left stopped. The loop
    /// runs on a thread of its own: a task's sleep on the test's cooperative pool can overrun by seconds
    /// while other suites block the pool, and the importer would run to its end unobserved.
    static func runInBursts(_ pid: pid_t, until done: @escaping @Sendable (Int) -> Bool, probe: @escaping @Sendable () -> Int) async -> Int {
        await withCheckedContinuation { continuation in
            let thread = Thread {
                var seen = 0
                kill(pid, SIGSTOP)
                for _ in 0..<6_000 where !done(seen) {
                    guard kill(pid, SIGCONT) == 0 else { break }
                    usleep(15_000)
                    kill(pid, SIGSTOP)
                    seen = probe()
                }
                continuation.resume(returning: seen)
            }
            thread.start()
        }
    }
}

/// Runs in `make test`'s quiet pass: it races the importer against a stop, which a loaded parallel pass would blur.
@Suite(.timeLimit(.minutes(5))) struct ImportShutdownEndToEndTests {
    let cli = CLITests()
    var dataDirectory: String { cli.dataDirectory }

    /// An operator stops the server (SIGTERM) while an upload is being imported: the server exits 0 without waiting
    /// for the whole file, every batch before the stop stays committed, and the next start finishes the job.
    @Test func aServerStoppedDuringAnImportExitsCleanlyAndFinishesTheJobOnTheNextStart() async throws {
        let binary = try #require(Programs.kiroku)
        let sqlite = try #require(Programs.find(["sqlite3"]), "install sqlite3")
        _ = try cli.kiroku(["user", "create", "hanako", "--password-stdin"], input: "correct horse battery\n")
        let token = try cli.kiroku(["token", "create", "--user", "hanako", "--name", "e2e"]).output.trimmingCharacters(in: .whitespacesAndNewlines)
        let export = URL(fileURLWithPath: dataDirectory + "-export.xml")
        let count = 400_000
        try CLITests.writeExport(records: count, to: export)
        @Sendable func query(_ sql: String) -> String {
            let answer = try? Programs.run(sqlite, ["-cmd", ".timeout 5000", dataDirectory + "/kiroku.sqlite", sql])
            return answer?.output.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        }

        let port = Programs.freePort()
        let log = URL(fileURLWithPath: dataDirectory + "-server.log")
        let server = try Programs.start(binary.path, ["serve", "--port", "\(port)", "--data-dir", dataDirectory], log: log)
        try await Programs.waitUntilUp(URL(string: "http://127.0.0.1:\(port)/health")!)
        var upload = HTTPClientRequest(url: "http://127.0.0.1:\(port)/api/v1/imports?name=export.xml")
        upload.method = .POST
        upload.headers.add(name: "Authorization", value: "Bearer \(token)")
        upload.headers.add(name: "Content-Type", value: "application/xml")
        upload.body = .bytes(ByteBuffer(bytes: try Data(contentsOf: export)))
        let accepted = try await HTTPClient.shared.execute(upload, timeout: .seconds(120))
        #expect(accepted.status == .accepted)

        // Stop as soon as the first batch is committed, while most of the file is still to come: the server runs in
        // short bursts and is frozen between them, so a loaded machine cannot let the import race to its end before
        // the SIGTERM lands (it is sent while the server is frozen and seen the moment it runs again).
        let committed = await CLITests.runInBursts(server.processIdentifier, until: { $0 > 0 }, probe: {
            Int(query("SELECT COALESCE(MAX(itemsCommitted), 0) FROM importJob")) ?? 0
        })
        #expect(committed > 0, "the first batch was committed before the stop")
        kill(server.processIdentifier, SIGTERM)
        kill(server.processIdentifier, SIGCONT)
        await server.stop(grace: 60)
        #expect(server.terminationReason == .exit, "SIGTERM ends the server by its own exit, not by the signal")
        #expect(server.terminationStatus == 0)
        let state = query("SELECT state FROM importJob")
        let stored = Int(query("SELECT COUNT(*) FROM healthRecord")) ?? -1
        #expect(state != "succeeded", "stopped before the end of the file (state \(state), \(stored) of \(count) stored)")
        #expect(stored > 0 && stored < count, "the batches before the stop are kept: \(stored) of \(count)")

        let restarted = try Programs.start(binary.path, ["serve", "--port", "\(port)", "--data-dir", dataDirectory], log: log)
        defer { restarted.terminate() }
        try await Programs.waitUntilUp(URL(string: "http://127.0.0.1:\(port)/health")!)
        var finished = ""
        for _ in 0..<1_200 where finished != "succeeded" {
            finished = query("SELECT state FROM importJob")
            if finished != "succeeded" { try await Task.sleep(for: .milliseconds(100)) }
        }
        #expect(finished == "succeeded")
        #expect(query("SELECT COUNT(*) FROM healthRecord") == "\(count)", "every record once, none twice")
    }
}

import Foundation
import Logging
import ServiceLifecycle
import Services
import Storage
import Synchronization
import Testing
import TestSupport

/// SIGTERM during an import: the import runner is a service of the application's group, so shutdown waits for the
/// import to reach a batch boundary; every batch before it stays committed, the job stays unfinished, and the next
/// start resumes it and ends with each sample stored once.
@Suite struct ImportShutdownTests {
    /// `count` step samples a minute apart, in the export's own format.
    static func export(records count: Int, in directory: URL) throws -> URL {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<HealthData locale=\"ja_JP\">\n<ExportDate value=\"2025-12-31 23:00:00 +0900\"/>\n"
        let start = Date(timeIntervalSince1970: 1_735_657_200) // 2025-01-01 00:00 in Tokyo
        let format = Date.VerbatimFormatStyle(
            format: "\(year: .defaultDigits)-\(month: .twoDigits)-\(day: .twoDigits) \(hour: .twoDigits(clock: .twentyFourHour, hourCycle: .zeroBased)):\(minute: .twoDigits):\(second: .twoDigits) +0900",
            timeZone: TimeZone(identifier: "Asia/Tokyo")!, calendar: Calendar(identifier: .gregorian)
        )
        for index in 0..<count {
            let begin = start.addingTimeInterval(Double(index) * 60)
            let text = begin.formatted(format)
            let end = begin.addingTimeInterval(60).formatted(format)
            xml += "<Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"iPhone\" unit=\"count\" creationDate=\"\(end)\" startDate=\"\(text)\" endDate=\"\(end)\" value=\"\(10 + index % 50)\"/>\n"
        }
        xml += "</HealthData>\n"
        let file = directory.appendingPathComponent("export.xml")
        try Data(xml.utf8).write(to: file)
        return file
    }

    @Test func shutdownStopsAnImportAtABatchBoundaryAndTheNextStartFinishesIt() async throws {
        let directory = TestFiles.directory.appendingPathComponent("kiroku-import-shutdown-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try AppDatabase.temporary()
        let userId = try #require(try await database.createUser(User(username: "hanako", passwordHash: "x", createdAt: Date())).id)
        let file = try Self.export(records: 6_000, in: directory)

        let runner = ImportRunner()
        let group = ServiceGroup(services: [runner], logger: Logger(label: "test"))
        let running = Task { try await group.run() }
        var importer = AppleHealthImporter(database: database)
        importer.batchSize = 1_000
        let job = try await importer.prepareJob(userId: userId, file: file, storedPath: file.path, keepFile: true, now: Date())
        let outcome = Mutex<String>("not run")
        let launched = runner.launch(job: try job.savedId) { [importer] in
            do {
                _ = try await importer.run(job, file: file, beforeCommit: { batch in
                    if batch == 3 {
                        // SIGTERM arrives while the third batch is about to commit.
                        Task { await group.triggerGracefulShutdown() }
                        let deadline = Date().addingTimeInterval(10)
                        while !runner.isStopping, Date() < deadline { usleep(1_000) }
                    }
                    try runner.checkNotStopping(batch)
                })
                outcome.withLock { $0 = "finished" }
            } catch is ImportStopped {
                outcome.withLock { $0 = "stopped" }
            } catch {
                outcome.withLock { $0 = "failed: \(error)" }
            }
        }
        #expect(launched)
        try await running.value
        // The group ended only after the import had stopped.
        #expect(outcome.withLock { $0 } == "stopped")
        let paused = try #require(try await database.importJob(id: try job.savedId, userId: userId))
        #expect(paused.state == .running, "left unfinished, so the next start resumes it")
        #expect(paused.itemsCommitted == 2_000)
        // Two batches of 1,000 items: the export's ExportDate element and 1,999 samples.
        #expect(try await database.recordCount(userId: userId) == 1_999)
        #expect(!runner.launch(job: 0) {}, "nothing starts once shutdown has begun")

        // The next start: recovery resumes the job where it stopped.
        let service = ImportService(database: database, dataDirectory: directory, maxUploadBytes: 1 << 30)
        await service.recover(startedAt: Date(), logger: Logger(label: "test"))
        let deadline = Date().addingTimeInterval(60)
        var resumed = paused
        while resumed.state == .running || resumed.state == .queued, Date() < deadline {
            try await Task.sleep(for: .milliseconds(50))
            resumed = try #require(try await database.importJob(id: try job.savedId, userId: userId))
        }
        #expect(resumed.state == .succeeded)
        #expect(try await database.recordCount(userId: userId) == 6_000, "each sample once")
    }
}

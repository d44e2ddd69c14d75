import Foundation
import GRDB
import Health
import Storage
import Testing

/// The Apple Health import keeps the hourly rollups itself (one merge per hour and batch) instead of through the
/// per-row insert trigger. Whatever it writes — new hours, hours that already held the owner's records, members
/// of correlations, a re-import that adds nothing, a batch that fails before its commit — the rollups equal a
/// fresh grouping of the records, another owner's hours are untouched, and later writes by other paths are
/// rolled up by the trigger again.
@Suite struct ImportRollupTests {
    let start = Date(timeIntervalSince1970: 1_767_225_600)

    func sample(_ metric: String, minute: Int, value: Double) -> ImportedSample {
        let at = start.addingTimeInterval(Double(minute * 60))
        return ImportedSample(
            metric: metric, value: value, originalValue: value, originalUnit: "count/min", startAt: at, endAt: at, utcOffsetSeconds: 32_400,
            sourceName: "Apple Watch", naturalKey: .sample(metric: metric, sourceName: "Apple Watch", start: at, end: at, value: value)
        )
    }

    /// A batch of minute-level heart rate and 10-minute steps over `minutes`, plus one blood-pressure correlation.
    func items(minutes: Range<Int>) -> [MappedItem] {
        var items: [MappedItem] = minutes.map { minute in
            .record(.sample(sample("heartRate", minute: minute, value: 55 + Double((minute * 7_919) % 60))))
        }
        items += minutes.filter { $0 % 10 == 0 }.map { minute in
            .record(.sample(sample("stepCount", minute: minute, value: Double(20 + (minute * 31) % 400))))
        }
        let at = start.addingTimeInterval(Double(minutes.lowerBound * 60))
        items.append(.correlation(ImportedCorrelation(
            type: "HKCorrelationTypeIdentifierBloodPressure", startAt: at, endAt: at, utcOffsetSeconds: 32_400, sourceName: "Omron",
            metadata: [:], members: [
                .sample(sample("bloodPressureSystolic", minute: minutes.lowerBound, value: 121)),
                .sample(sample("bloodPressureDiastolic", minute: minutes.lowerBound, value: 79)),
            ],
            naturalKey: .sample(metric: "bloodPressure", sourceName: "Omron", start: at, end: at, value: 121)
        )))
        return items
    }

    func deferrals(_ database: AppDatabase) async throws -> Int {
        try await database.reader.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM healthRecordRollupDeferral") ?? -1 }
    }

    /// The insert trigger's stored definition: an import batch drops it for its transaction and must put back
    /// exactly what was there, whether the batch commits or fails.
    func insertTrigger(_ database: AppDatabase) async throws -> String? {
        try await database.reader.read { db in
            try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'healthRecord_rollupInsert'")
        }
    }

    /// At scale 1 the batches are small and register their owner; at scale 10 they pass
    /// `HourlyRollupDeferral.suspension(forRecords:)`'s threshold and drop the trigger for their transaction.
    @Test(arguments: [1, 10]) func importBatchesKeepTheRollupsEqualToTheRecords(scale: Int) async throws {
        let database = try AppDatabase.temporary()
        let trigger = try #require(try await insertTrigger(database))
        let hanako = try await database.createUser(User(username: "hanako", passwordHash: "x", createdAt: Date()))
        let taro = try await database.createUser(User(username: "taro", passwordHash: "x", createdAt: Date()))
        // Records already in hours the import fills, for the importer and for someone else (trigger-kept).
        var earlier: [HealthRecord] = []
        for owner in [hanako, taro] {
            for minute in stride(from: 5, to: 300, by: 37) {
                let at = start.addingTimeInterval(Double(minute * 60) + 30)
                earlier.append(HealthRecord(userId: owner.id!, metric: "heartRate", value: Double(200 + minute), originalValue: Double(200 + minute),
                                            originalUnit: "count/min", startAt: at, endAt: at, source: .manual, createdAt: Date()))
            }
        }
        _ = try await database.insertRecords(earlier)
        let taroBefore = try await HourlyRollupTests.buckets(database, sql: "SELECT * FROM healthRecordHourly WHERE userId = \(taro.id!) ORDER BY metric, hour")

        var job = try await database.insertImportJob(ImportJob(
            userId: hanako.id!, kind: .appleHealth, fileName: "export.zip", fileSize: 1, fingerprint: "f", createdAt: Date()
        ))
        var tracker = ImportTracker()
        for minutes in [0..<240 * scale, 240 * scale..<600 * scale, 590 * scale..<900 * scale] {
            (job, tracker) = try database.commitImportBatchBlocking(items(minutes: minutes), job: job, tracker: tracker, now: Date())
            try await HourlyRollupTests.expectConsistent(database, "after importing minutes \(minutes)")
        }
        #expect(job.counts["heartRate"]?.imported == 900 * scale)
        #expect(job.counts["heartRate"]?.alreadyPresent == 10 * scale)
        #expect(try await deferrals(database) == 0)
        #expect(try await insertTrigger(database) == trigger)

        // A re-import adds nothing and changes no hour.
        let before = try await HourlyRollupTests.storedAndFresh(database).stored
        (job, tracker) = try database.commitImportBatchBlocking(items(minutes: 0..<900 * scale), job: job, tracker: ImportTracker(), now: Date())
        #expect(try await HourlyRollupTests.storedAndFresh(database).stored == before)

        // A batch that fails before its commit leaves records, rollups and the deferral as they were.
        struct Stop: Error {}
        #expect(throws: Stop.self) {
            _ = try database.commitImportBatchBlocking(items(minutes: 900 * scale..<1_000 * scale), job: job, tracker: tracker, now: Date()) { throw Stop() }
        }
        #expect(try await HourlyRollupTests.storedAndFresh(database).stored == before)
        #expect(try await deferrals(database) == 0)
        #expect(try await insertTrigger(database) == trigger)

        // Other writers are rolled up by the trigger again: a record typed in afterwards lands in its hour.
        let typed = start.addingTimeInterval(61 * 60)
        _ = try await database.insertRecords([HealthRecord(
            userId: hanako.id!, metric: "heartRate", value: 250, originalValue: 250, originalUnit: "count/min",
            startAt: typed, endAt: typed, source: .manual, createdAt: Date()
        )])
        try await HourlyRollupTests.expectConsistent(database, "after a manual record following the import")
        let taroAfter = try await HourlyRollupTests.buckets(database, sql: "SELECT * FROM healthRecordHourly WHERE userId = \(taro.id!) ORDER BY metric, hour")
        #expect(taroAfter == taroBefore)
    }

    /// The import keys its hours by number: starts before 1970 (a negative count of milliseconds), on both sides of an
    /// hour's edge, and past the last year a stored date can hold (all stored as 9999-12-31 23:59:59.999) fall in the
    /// hours and give the latest values the trigger's grouping of the stored text gives.
    @Test func hoursBefore1970AndAfterTheLastStorableYearRollUpAsTheTriggerWould() async throws {
        let database = try AppDatabase.temporary()
        let hanako = try await database.createUser(User(username: "hanako", passwordHash: "x", createdAt: Date()))
        let job = try await database.insertImportJob(ImportJob(
            userId: hanako.id!, kind: .appleHealth, fileName: "export.zip", fileSize: 1, fingerprint: "f", createdAt: Date()
        ))
        let milliseconds: [Double] = [
            -3_600_001, -3_600_000, -3_599_999, -1, 0, 1, 3_599_999, 3_600_000,
            253_402_300_799_999, 253_402_300_800_000, 253_402_400_000_000,
        ]
        let items: [MappedItem] = milliseconds.enumerated().map { index, ms in
            let at = Date(timeIntervalSince1970: ms / 1000)
            let value = Double(60 + index)
            return .record(.sample(ImportedSample(
                metric: "heartRate", value: value, originalValue: value, originalUnit: "count/min", startAt: at, endAt: at,
                utcOffsetSeconds: 0, sourceName: "Apple Watch",
                naturalKey: .sample(metric: "heartRate", sourceName: "Apple Watch", start: at, end: at, value: value)
            )))
        }
        let (imported, _) = try database.commitImportBatchBlocking(items, job: job, tracker: ImportTracker(), now: Date())
        #expect(imported.counts["heartRate"]?.imported == milliseconds.count)
        try await HourlyRollupTests.expectConsistent(database, "after samples around 1970 and past year 9999")
        let hours = try await HourlyRollupTests.buckets(database, sql: "SELECT * FROM healthRecordHourly ORDER BY metric, hour")
        #expect(hours.count == 5, "1969-12-31 22 and 23, 1970-01-01 00 and 01, 9999-12-31 23")
    }

    /// An import keeps the hour it is adding to aside until a record of another hour or type comes. A batch that leaves
    /// an hour and comes back to it, and types that take turns, still roll up as the trigger would, and each type is
    /// counted in full.
    @Test(arguments: [1, 10]) func samplesThatReturnToAnHourRollUpAsTheTriggerWould(scale: Int) async throws {
        let database = try AppDatabase.temporary()
        let hanako = try await database.createUser(User(username: "hanako", passwordHash: "x", createdAt: Date()))
        let job = try await database.insertImportJob(ImportJob(
            userId: hanako.id!, kind: .appleHealth, fileName: "export.zip", fileSize: 1, fingerprint: "f", createdAt: Date()
        ))
        // Hours 0, 2, 0, 1, 2, 0 in turn, heart rate and steps alternating in runs of three. A last visit to an hour
        // brings its first half-hour, so the hour's latest record came in an earlier visit and must stay the latest.
        let visits = [0, 2, 0, 1, 2, 0]
        var items: [MappedItem] = []
        for (visit, hour) in visits.enumerated() {
            for index in 0..<(30 * scale) {
                let metric = (index / 3).isMultiple(of: 2) ? "heartRate" : "stepCount"
                let minute = hour * 60 + (visit == visits.lastIndex(of: hour) ? 0 : 30) + index % 30
                let value = Double(50 + visit * 7 + index % 13)
                items.append(.record(.sample(sample(metric, minute: minute, value: value).with(second: visit * 10 + index / 30))))
            }
        }
        let (imported, _) = try database.commitImportBatchBlocking(items, job: job, tracker: ImportTracker(), now: Date())
        let heartRate = items.filter { if case let .record(.sample(s)) = $0 { s.metric == "heartRate" } else { false } }.count
        #expect(imported.counts["heartRate"]?.imported == heartRate)
        #expect(imported.counts["stepCount"]?.imported == items.count - heartRate)
        try await HourlyRollupTests.expectConsistent(database, "after a batch that returns to its hours")
        let hours = try await HourlyRollupTests.buckets(database, sql: "SELECT * FROM healthRecordHourly ORDER BY metric, hour")
        #expect(hours.count == 6, "three hours of each type")
    }

    /// A full batch's dropped and re-created trigger is a schema change at every commit. A reader of the pool reads
    /// all along while batches commit: it never fails and always sees whole batches with their hours (records and
    /// rollups agree in every read); records another owner types in between batches are rolled up by the trigger.
    @Test func readersAndOtherWritersCarryOnWhileBatchesDropTheTrigger() async throws {
        let database = try AppDatabase.temporary()
        let hanako = try #require(try await database.createUser(User(username: "hanako", passwordHash: "x", createdAt: Date())).id)
        let taro = try #require(try await database.createUser(User(username: "taro", passwordHash: "x", createdAt: Date())).id)
        var job = try await database.insertImportJob(ImportJob(
            userId: hanako, kind: .appleHealth, fileName: "export.zip", fileSize: 1, fingerprint: "f", createdAt: Date()
        ))
        let batches = (0..<5).map { items(minutes: $0 * 2_400..<($0 + 1) * 2_400) }
        let recordsPerBatch = batches.map { batch in
            batch.reduce(0) { total, item in
                switch item {
                case .record: total + 1
                case let .correlation(correlation): total + correlation.members.count
                default: total
                }
            }
        }
        // Every batch is past the 2,000 records from which the trigger is dropped for the transaction.
        #expect(recordsPerBatch.allSatisfy { $0 >= 2_000 })
        let wholeBatches = Set(recordsPerBatch.indices.map { recordsPerBatch[...$0].reduce(0, +) } + [0])

        // A thread of its own, not a task: its reads must not wait for the concurrency pool that parallel tests keep busy.
        let seen = SeenCounts()
        Thread {
            while !seen.stopped {
                do {
                    let (records, rolledUp) = try database.reader.read { db in
                        (try Int.fetchOne(db, sql: "SELECT count(*) FROM healthRecord WHERE userId = ?", arguments: [hanako]) ?? -1,
                         try Int.fetchOne(db, sql: "SELECT COALESCE(SUM(count), 0) FROM healthRecordHourly WHERE userId = ?", arguments: [hanako]) ?? -1)
                    }
                    if records != rolledUp || !wholeBatches.contains(records) {
                        seen.note("a read saw \(records) records and \(rolledUp) in the rollups, not whole batches")
                    }
                    seen.insert(records)
                } catch {
                    seen.note("a read failed: \(error)")
                    break
                }
            }
            seen.finish()
        }.start()
        var tracker = ImportTracker()
        var committed = 0
        for (index, batch) in batches.enumerated() {
            (job, tracker) = try database.commitImportBatchBlocking(batch, job: job, tracker: tracker, now: Date())
            committed += recordsPerBatch[index]
            let at = start.addingTimeInterval(Double(index) * 3_600)
            _ = try await database.insertRecords([HealthRecord(
                userId: taro, metric: "bodyMass", value: 60 + Double(index) / 10, originalValue: 60, originalUnit: "kg",
                startAt: at, endAt: at, source: .manual, createdAt: Date()
            )])
            // The reader sees each batch before the next one commits, so its reads fall between schema changes.
            let deadline = Date().addingTimeInterval(60)
            while !seen.contains(committed), !seen.finished, Date() < deadline { try await Task.sleep(for: .milliseconds(2)) }
            #expect(seen.contains(committed), "the reader never saw batch \(index + 1)")
        }
        seen.stop()
        while !seen.finished { try await Task.sleep(for: .milliseconds(2)) }
        #expect(seen.notes.isEmpty, "\(seen.notes.prefix(3))")
        #expect(try await database.recordCount(userId: taro) == batches.count)
        try await HourlyRollupTests.expectConsistent(database, "after batches read and written around")
    }
}

/// What a reading thread has seen, and when it should stop.
private final class SeenCounts: @unchecked Sendable {
    private let lock = NSLock()
    private var counts: Set<Int> = []
    private var noted: [String] = []
    private var stopAsked = false
    private var done = false

    var stopped: Bool { lock.withLock { stopAsked } }
    var finished: Bool { lock.withLock { done } }
    var notes: [String] { lock.withLock { noted } }

    func insert(_ count: Int) { lock.withLock { _ = counts.insert(count) } }
    func contains(_ count: Int) -> Bool { lock.withLock { counts.contains(count) } }
    func note(_ text: String) { lock.withLock { noted.append(text) } }
    func stop() { lock.withLock { stopAsked = true } }
    func finish() { lock.withLock { done = true } }
}

private extension ImportedSample {
    /// The same sample `seconds` later within its minute, with its natural key to match: distinct samples of one minute.
    func with(second seconds: Int) -> ImportedSample {
        let at = startAt.addingTimeInterval(Double(seconds % 60))
        return ImportedSample(
            metric: metric, value: value, originalValue: originalValue, originalUnit: originalUnit, startAt: at, endAt: at,
            utcOffsetSeconds: utcOffsetSeconds, sourceName: sourceName,
            naturalKey: .sample(metric: metric, sourceName: sourceName, start: at, end: at, value: value)
        )
    }
}

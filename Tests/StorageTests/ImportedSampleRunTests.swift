import Foundation
import GRDB
import Health
import Storage
import Testing

/// An import writes its top-level samples 128 to a statement (`ImportedSampleRun`). Whatever a run meets — nothing
/// stored yet, a sample stored by an earlier batch, a sample listed twice, a home slot another item holds — every
/// sample ends up stored once, with its own values, at a slot that holds its key, and is counted once.
@Suite struct ImportedSampleRunTests {
    let start = Date(timeIntervalSince1970: 1_767_225_600)

    func sample(minute: Int) -> ImportedSample {
        let at = start.addingTimeInterval(Double(minute * 60))
        let value = 50 + Double(minute % 97) + Double(minute) / 1_000
        return ImportedSample(
            metric: "heartRate", value: value, originalValue: value, originalUnit: "count/min", startAt: at,
            endAt: at.addingTimeInterval(30), utcOffsetSeconds: 32_400, sourceName: "Apple Watch \(minute % 3)",
            naturalKey: .sample(metric: "heartRate", sourceName: "Apple Watch \(minute % 3)", start: at, end: at, value: value)
        )
    }

    func setUp() async throws -> (AppDatabase, ImportJob) {
        let database = try AppDatabase.temporary()
        let user = try await database.createUser(User(username: "hanako", passwordHash: "x", createdAt: Date()))
        let job = try await database.insertImportJob(ImportJob(
            userId: user.id!, kind: .appleHealth, fileName: "export.zip", fileSize: 1, fingerprint: "f", createdAt: Date()
        ))
        return (database, job)
    }

    /// Each sample's row, found as a reader would: among the eight slots from its home, the one with its check.
    func storedRows(_ samples: [ImportedSample], _ database: AppDatabase, userId: Int64) throws -> [Row] {
        try database.reader.read { db in
            try samples.map { sample in
                let home = min(sample.naturalKey.value, Int64.max - 7)
                return try #require(try Row.fetchOne(db, sql: """
                    SELECT naturalKey, value, startAt, endAt, sourceName, importJobId FROM healthRecord
                    WHERE userId = ? AND naturalKey BETWEEN ? AND ? AND naturalKeyCheck = ?
                    """, arguments: [userId, home, home + 7, sample.naturalKey.check]))
            }
        }
    }

    func recordCount(_ database: AppDatabase) async throws -> Int {
        try await database.reader.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM healthRecord") ?? -1 }
    }

    @Test func freshRunsStoreEverySampleWithItsOwnValuesAtItsHomeSlot() async throws {
        let (database, job) = try await setUp()
        // Two full runs and a short one.
        let samples = (0..<300).map(sample(minute:))
        let (imported, _) = try database.commitImportBatchBlocking(samples.map { .record(.sample($0)) }, job: job, tracker: ImportTracker(), now: Date())

        #expect(imported.counts["heartRate"] == ImportTally(imported: 300))
        #expect(try await recordCount(database) == 300)
        let rows = try storedRows(samples, database, userId: job.userId)
        for (sample, row) in zip(samples, rows) {
            #expect(row["naturalKey"] == sample.naturalKey.value)
            #expect(row["value"] == sample.value)
            #expect((row["startAt"] as Date) == sample.startAt)
            #expect((row["endAt"] as Date) == sample.endAt)
            #expect(row["sourceName"] == sample.sourceName)
            #expect(row["importJobId"] == job.id)
        }
        try await HourlyRollupTests.expectConsistent(database, "after two full runs and a short one")
    }

    @Test func aRunMeetingStoredListedTwiceAndCollidingSamplesStoresEachOnce() async throws {
        let (database, job) = try await setUp()
        let samples = (0..<300).map(sample(minute:))
        // Minute 10 stored by an earlier batch.
        var (job1, tracker) = try database.commitImportBatchBlocking([.record(.sample(samples[10]))], job: job, tracker: ImportTracker(), now: Date())
        // Minute 20's home slot taken by another item (same 64-bit value, another check): a collision.
        let colliding = samples[20]
        try await database.writer.write { db in
            try db.execute(sql: """
                INSERT INTO healthRecord (userId, metric, value, originalValue, originalUnit, startAt, endAt, source, createdAt,
                                          updatedAt, naturalKey, naturalKeyCheck)
                VALUES (?, 'heartRate', 99, 99, 'count/min', ?, ?, 'import', ?, ?, ?, ?)
                """, arguments: [job.userId, colliding.startAt, colliding.endAt, Date(), Date(), colliding.naturalKey.value,
                                 colliding.naturalKey.check &+ 1])
        }
        // Minute 30 listed twice, inside the first run.
        var items: [MappedItem] = samples.map { .record(.sample($0)) }
        items.insert(.record(.sample(samples[30])), at: 31)

        (job1, tracker) = try database.commitImportBatchBlocking(items, job: job1, tracker: tracker, now: Date())

        #expect(job1.counts["heartRate"] == ImportTally(imported: 300, alreadyPresent: 2))
        #expect(try await recordCount(database) == 301)
        let rows = try storedRows(samples, database, userId: job.userId)
        for (sample, row) in zip(samples, rows) {
            #expect(row["value"] == sample.value)
            #expect((row["startAt"] as Date) == sample.startAt)
        }
        #expect(rows[20]["naturalKey"] == colliding.naturalKey.value + 1, "the colliding sample takes the next slot")
        try await HourlyRollupTests.expectConsistent(database, "after a run with a stored, a repeated and a colliding sample")

        // Imported again, every sample is already there, and nothing changes.
        let before = try await HourlyRollupTests.storedAndFresh(database).stored
        let (again, _) = try database.commitImportBatchBlocking(items, job: job1, tracker: ImportTracker(), now: Date())
        #expect(again.counts["heartRate"] == ImportTally(imported: 300, alreadyPresent: 2 + 301))
        #expect(try await recordCount(database) == 301)
        #expect(try await HourlyRollupTests.storedAndFresh(database).stored == before)
    }
}

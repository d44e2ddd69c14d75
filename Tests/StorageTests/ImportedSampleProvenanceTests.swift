import Foundation
import GRDB
import Health
import Storage
import Testing

/// A sample's source version and creation time (Apple Health's `sourceVersion`, `creationDate`) reach its row on both
/// ways an import writes: 128 rows to a statement (`ImportedSampleRun`) and one by one (the run's last few, fewer than
/// the smallest statement, and a sample imported again). A sample without them stores NULL.
@Suite struct ImportedSampleProvenanceTests {
    let start = Date(timeIntervalSince1970: 1_705_273_200) // 2024-01-15 08:00 in Tokyo

    /// Minute `minute`'s heart rate; every third without a version or creation time.
    func sample(minute: Int) -> ImportedSample {
        let at = start.addingTimeInterval(Double(minute * 60))
        let value = 50 + Double(minute % 97) + Double(minute) / 1_000
        let known = minute % 3 != 2
        return ImportedSample(
            metric: "heartRate", value: value, originalValue: value, originalUnit: "count/min", startAt: at, endAt: at,
            utcOffsetSeconds: 32_400, sourceName: "Apple Watch",
            naturalKey: .sample(metric: "heartRate", sourceName: "Apple Watch", start: at, end: at, value: value),
            sourceVersion: known ? "17.\(minute % 4)" : nil,
            sourceCreatedAt: known ? at.addingTimeInterval(5.25) : nil
        )
    }

    @Test func bothWaysOfWritingStoreTheSourceVersionAndCreationTime() async throws {
        let database = try AppDatabase.temporary()
        let user = try await database.createUser(User(username: "hanako", passwordHash: "x", createdAt: Date()))
        let job = try await database.insertImportJob(ImportJob(
            userId: user.id!, kind: .appleHealth, fileName: "export.zip", fileSize: 1, fingerprint: "f", createdAt: Date()
        ))
        // 128 in one statement, then 5: fewer than the smallest statement (8), written one by one.
        let samples = (0..<133).map(sample(minute:))
        let (imported, _) = try database.commitImportBatchBlocking(samples.map { .record(.sample($0)) }, job: job, tracker: ImportTracker(), now: Date())
        #expect(imported.counts["heartRate"] == ImportTally(imported: 133))

        func expectStored() async throws {
            let stored = try database.reader.read { db in
                try Row.fetchAll(db, sql: "SELECT startAt, sourceVersion, sourceCreatedAt FROM healthRecord ORDER BY startAt")
            }
            #expect(stored.count == samples.count)
            for (sample, row) in zip(samples, stored) {
                #expect(row["sourceVersion"] == sample.sourceVersion, "minute \(sample.startAt)")
                #expect((row["sourceCreatedAt"] as Date?) == sample.sourceCreatedAt)
            }
            // Stored as every date is: UTC, to the millisecond.
            #expect(stored[0]["sourceCreatedAt"] == "2024-01-14 23:00:05.250")
            #expect(stored[130]["sourceCreatedAt"] == "2024-01-15 01:10:05.250", "one of the last five, written one by one")
            #expect(stored[131]["sourceCreatedAt"] as String? == nil)
            let records = try await database.allRecords(userId: user.id!).sorted { $0.startAt < $1.startAt }
            #expect(records.map(\.sourceVersion) == samples.map(\.sourceVersion))
            #expect(records.map(\.sourceCreatedAt) == samples.map(\.sourceCreatedAt))
        }
        try await expectStored()

        // Again: every statement's worth is found stored and goes one by one, looking first; nothing changes.
        let (again, _) = try database.commitImportBatchBlocking(samples.map { .record(.sample($0)) }, job: job, tracker: ImportTracker(), now: Date())
        #expect(again.counts["heartRate"] == ImportTally(alreadyPresent: 133))
        try await expectStored()
    }
}

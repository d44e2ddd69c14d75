import Foundation
import GRDB
import Health
@testable import Storage
import Testing
import TestSupport

/// Records' natural-key slots start with the sample's hour (so an import writes the index in order). A database
/// whose records were imported before that change is migrated: importing the same export again adds nothing, and
/// blood pressure keeps its two readings.
@Suite struct TimeOrderedRecordKeysTests {
    let start = ImportRollupTests().start

    func sample(_ metric: String, minute: Int, value: Double) -> ImportedSample {
        ImportRollupTests().sample(metric, minute: minute, value: value)
    }

    /// Eight hours of minute-level heart rate and a blood-pressure reading every two hours.
    var items: [MappedItem] {
        var items: [MappedItem] = (0..<480).map { .record(.sample(sample("heartRate", minute: $0, value: 55 + Double(($0 * 7_919) % 60)))) }
        for minute in stride(from: 0, to: 480, by: 120) {
            let at = start.addingTimeInterval(Double(minute * 60))
            items.append(.correlation(ImportedCorrelation(
                type: "HKCorrelationTypeIdentifierBloodPressure", startAt: at, endAt: at, utcOffsetSeconds: 32_400, sourceName: "Omron",
                metadata: [:], members: [
                    .sample(sample("bloodPressureSystolic", minute: minute, value: 121)),
                    .sample(sample("bloodPressureDiastolic", minute: minute, value: 79)),
                ],
                naturalKey: .sample(metric: "bloodPressure", sourceName: "Omron", start: at, end: at, value: 121)
            )))
        }
        return items
    }

    var sampleKeys: [NaturalKey] {
        items.flatMap { item -> [NaturalKey] in
            switch item {
            case let .record(.sample(sample)): [sample.naturalKey]
            case let .correlation(correlation): correlation.members.compactMap(\.naturalKey)
            default: []
            }
        }
    }

    func importAll(_ database: AppDatabase, userId: Int64, fingerprint: String) async throws -> ImportJob {
        let job = try await database.insertImportJob(ImportJob(
            userId: userId, kind: .appleHealth, fileName: "export.zip", fileSize: 1, fingerprint: fingerprint, createdAt: Date()
        ))
        return try database.commitImportBatchBlocking(items, job: job, tracker: ImportTracker(), now: Date()).0
    }

    @Test func aSampleKeyStartsWithItsHourSoAnExportsKeysAscend() {
        let keys = (0..<48).map { sample("heartRate", minute: $0 * 60, value: 60).naturalKey.value }
        #expect(keys == keys.sorted(), "hourly samples of one type: ascending keys")
        #expect(keys.first.map { $0 >> 32 } == Int64(start.timeIntervalSince1970 / 3600))
        let before1970 = NaturalKey.sample(metric: "bodyMass", sourceName: nil, start: Date(timeIntervalSince1970: -1), end: .distantPast, value: 60)
        #expect(before1970.value >> 32 == -1, "the hour before 1970 is −1, not 0")
    }

    @Test func recordsImportedBeforeTheChangeAreRecognisedAfterTheMigration() async throws {
        let directory = TestFiles.directory.appendingPathComponent("kiroku-keys-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("kiroku.sqlite").path
        let database = try AppDatabase.open(path: path)
        let hanako = try await database.createUser(User(username: "hanako", passwordHash: "x", createdAt: Date()))
        let userId = try #require(hanako.id)
        let first = try await importAll(database, userId: userId, fingerprint: "a")
        #expect(first.counts["heartRate"]?.imported == 480)

        // Put the database back into its form before v7: every slot the folded hash, correlations naming the old
        // slots, and v7 not yet applied.
        let keys = sampleKeys
        try await database.writer.write { db in
            for key in keys {
                try db.execute(sql: "UPDATE healthRecord SET naturalKey = ? WHERE userId = ? AND naturalKey = ?", arguments: [key.folded, userId, key.value])
            }
            for row in try Row.fetchAll(db, sql: "SELECT id, memberKeys FROM healthCorrelation") {
                let slots = try JSONDecoder().decode([Int64].self, from: Data((row["memberKeys"] as String).utf8))
                let old = slots.map { slot in keys.first { $0.value == slot }?.folded ?? slot }
                try db.execute(sql: "UPDATE healthCorrelation SET memberKeys = ? WHERE id = ?", arguments: [ImportJSON.string(old), row["id"]])
            }
            try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = 'v7-time-ordered-record-keys'")
        }
        let stored = try await database.reader.read { db in try Set(Int64.fetchAll(db, sql: "SELECT naturalKey FROM healthRecord")) }
        #expect(stored.contains(keys[0].folded) && !stored.contains(keys[0].value), "the slots are in the old form before the migration")

        let migrated = try AppDatabase.open(path: path)
        let slots = try await migrated.reader.read { db in try Set(Int64.fetchAll(db, sql: "SELECT naturalKey FROM healthRecord")) }
        #expect(slots == Set(keys.map(\.value)), "every record moved to its time-ordered slot")

        let again = try await importAll(migrated, userId: userId, fingerprint: "b")
        #expect(again.counts["heartRate"]?.imported == 0)
        #expect(again.counts["heartRate"]?.alreadyPresent == 480)
        #expect(again.counts["bloodPressureSystolic"]?.imported ?? 0 == 0)
        #expect(try await migrated.importedRowCounts(userId: userId)["healthRecord"] == keys.count, "nothing imported twice")

        let correlations = try await migrated.correlations(userId: userId)
        #expect(correlations.count == 4)
        #expect(correlations.allSatisfy { $0.recordIds.count == 2 }, "each blood pressure still finds its two readings")
    }
}

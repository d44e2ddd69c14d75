import Foundation
import GRDB
import Health
import HealthImport
@testable import Server
import Services
import Storage
import Testing
import TestSupport

/// The whole import path — reader, mapping, batched transactions — into a real temporary SQLite file.
@Suite("Importing an Apple Health export into the database")
struct AppleHealthImportTests {
    static func fixture(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("HealthImportTests/Fixtures/\(name)")
    }

    struct Failure: Error {}

    let database: AppDatabase
    let userId: Int64

    init() async throws {
        database = try AppDatabase.temporary()
        userId = try await database.createUser(User(username: "hanako", passwordHash: "x", createdAt: Date())).id!
    }

    func importFile(_ name: String, batchSize: Int = 5_000, failAtBatch: Int? = nil) async throws -> ImportJob {
        try await importFile(at: Self.fixture(name), batchSize: batchSize, failAtBatch: failAtBatch)
    }

    func importFile(at file: URL, batchSize: Int = 5_000, failAtBatch: Int? = nil) async throws -> ImportJob {
        var importer = AppleHealthImporter(database: database)
        importer.batchSize = batchSize
        let job = try await importer.prepareJob(userId: userId, file: file, now: Date())
        return try await importer.run(job, file: file, beforeCommit: { batch in
            if batch == failAtBatch { throw Failure() }
        })
    }

    @Test("A fresh import stores each sample once, with exact counts per type")
    func freshImport() async throws {
        let job = try await importFile("export-modern.xml")
        #expect(job.state == .succeeded)
        #expect(job.counts["stepCount"] == ImportTally(imported: 2))
        #expect(job.counts["bodyMass"] == ImportTally(imported: 2))
        // The record with a bad date and the one in an unknown unit are kept raw under their HealthKit type.
        #expect(job.counts["HKQuantityTypeIdentifierStepCount"] == ImportTally(imported: 1))
        #expect(job.counts["HKQuantityTypeIdentifierBodyMass"] == ImportTally(imported: 1))
        #expect(job.counts["bloodPressureSystolic"] == ImportTally(imported: 1))
        #expect(job.counts["dietaryEnergy"] == ImportTally(imported: 1))
        #expect(job.counts["dietaryProtein"] == ImportTally(imported: 1))
        #expect(job.counts["sleepAnalysis"] == ImportTally(imported: 2))
        #expect(job.counts["workout"] == ImportTally(imported: 2))
        #expect(job.counts["HKCorrelationTypeIdentifierBloodPressure"] == ImportTally(imported: 1))
        #expect(job.counts["HKQuantityTypeIdentifierFutureThing"] == ImportTally(imported: 1))
        #expect(job.skippedReasons.isEmpty, "nothing is dropped")
        #expect(job.keptRawReasons == ["unknown_unit": 1, "bad_date": 1, "unknown_type": 2, "no_metric": 2])
        #expect(job.total == ImportTally(imported: 33, alreadyPresent: 0, skipped: 0))
        let rows = try await database.importedRowCounts(userId: userId)
        #expect(rows == ["healthRecord": 20, "healthWorkout": 2, "healthCorrelation": 2, "healthRawItem": 9, "healthWorkoutRoutePoint": 0])
        let records = try await database.allRecords(userId: userId)
        #expect(records.filter { $0.metric == "bloodPressureSystolic" }.map(\.value) == [120])
        #expect(records.first { $0.metric == "bodyMass" }?.utcOffsetSeconds == 32_400)
        #expect(records.allSatisfy { $0.source == "import" })
        let workouts = try await database.workouts(userId: userId)
        #expect(workouts.map { $0.energyKcal.map { ($0 * 1000).rounded() / 1000 } } == [320, 250])
        #expect(workouts[0].routeFiles == "[\"/workout-routes/route_2024-03-02_6.35am.gpx\"]")

        // The user's full export carries the imported workouts next to the records.
        let user = try #require(try await database.user(id: userId))
        let exported = try await DataExporter(database: database).json(user: user, now: Date())
        let document = try #require(try JSONSerialization.jsonObject(with: exported) as? [String: Any])
        #expect((document["records"] as? [Any])?.count == 20)
        let exportedWorkouts = try #require(document["healthWorkouts"] as? [[String: Any]])
        #expect(exportedWorkouts.map { $0["activityType"] as? String } == ["HKWorkoutActivityTypeRunning", "HKWorkoutActivityTypeTraditionalStrengthTraining"])
        // Correlations point at their samples in `records`; raw items and the import job are there too.
        let exportedRecords = try #require(document["records"] as? [[String: Any]])
        let correlations = try #require(document["healthCorrelations"] as? [[String: Any]])
        #expect(correlations.count == 2)
        let pressure = try #require(correlations.first { $0["type"] as? String == "HKCorrelationTypeIdentifierBloodPressure" })
        let pressureIds = Set(try #require(pressure["recordIds"] as? [Int64]))
        let pressureMetrics = exportedRecords.filter { pressureIds.contains(($0["id"] as? Int64) ?? -1) }.compactMap { $0["metric"] as? String }
        #expect(Set(pressureMetrics) == ["bloodPressureSystolic", "bloodPressureDiastolic"])
        #expect((document["healthRawItems"] as? [Any])?.count == 9)
        // Details are JSON, as a record's metadata is, not strings holding JSON.
        #expect(document["version"] as? Int == 2)
        #expect(exportedWorkouts[0]["routeFiles"] as? [String] == ["/workout-routes/route_2024-03-02_6.35am.gpx"])
        #expect(exportedWorkouts.allSatisfy { $0["statistics"] is [Any] || $0["statistics"] is [String: Any] })
        #expect(exportedWorkouts.allSatisfy { $0["metadata"] is [String: Any] })
        let rawItems = try #require(document["healthRawItems"] as? [[String: Any]])
        #expect(rawItems.allSatisfy { $0["attributes"] is [String: Any] && $0["metadata"] is [String: Any] })
        let imports = try #require(document["imports"] as? [[String: Any]])
        #expect(imports.map { $0["state"] as? String } == ["succeeded"])
    }

    /// Apple repeats a sample's device description on every sample; it is stored once per owner and every read of a
    /// record (list, export, the API's record) gives it back whole. Records stored with the text keep reading it.
    @Test("A device description is stored once per owner and read back on every record")
    func deviceDescriptionsAreStoredOnce() async throws {
        let description = "<<HKDevice: 0x283a1c0f0>, name:iPhone, manufacturer:Apple Inc., model:iPhone, hardware:iPhone15,2, software:17.2>"
        _ = try await importFile("export-modern.xml")
        _ = try await importFile("export-modern.xml")
        let records = try await database.allRecords(userId: userId)
        let withDevice = records.filter { $0.device != nil }
        #expect(withDevice.map(\.device) == [description])
        #expect(withDevice.map(\.metric) == ["stepCount"])
        let stored = try await database.reader.read { db in
            (devices: try String.fetchAll(db, sql: "SELECT description FROM healthDevice WHERE userId = ?", arguments: [userId]),
             texts: try Int.fetchOne(db, sql: "SELECT count(*) FROM healthRecord WHERE device IS NOT NULL") ?? -1,
             ids: try Int.fetchOne(db, sql: "SELECT count(*) FROM healthRecord WHERE deviceId IS NOT NULL") ?? -1)
        }
        #expect(stored.devices == [description], "once, however often it is named and imported")
        #expect(stored.texts == 0)
        #expect(stored.ids == 1)
        let importedId = try #require(withDevice.first?.id)
        let one = try #require(try await database.record(id: importedId, userId: userId))
        #expect(one.device == description)

        // A record written with the text (the records API, the gateway, rows from before) reads as it did.
        let manual = HealthRecord(
            userId: userId, metric: "bodyMass", value: 61, originalValue: 61, originalUnit: "kg", startAt: Date(timeIntervalSince1970: 1_700_000_000),
            endAt: Date(timeIntervalSince1970: 1_700_000_000), source: .manual, device: "Kitchen scale", createdAt: Date()
        )
        let saved = try #require(try await database.insertRecords([manual]).first?.record)
        let savedId = try #require(saved.id)
        #expect(try await database.record(id: savedId, userId: userId)?.device == "Kitchen scale")

        // The user's export carries the description too.
        let user = try #require(try await database.user(id: userId))
        let exported = try await DataExporter(database: database).json(user: user, now: Date())
        let document = try #require(try JSONSerialization.jsonObject(with: exported) as? [String: Any])
        let devices = try #require(document["records"] as? [[String: Any]]).compactMap { $0["device"] as? String }
        #expect(devices.sorted() == ["Kitchen scale", description].sorted())
    }

    @Test("Importing the same export again adds nothing and says everything was already there")
    func reimportAddsNothing() async throws {
        let first = try await importFile("export-modern.xml")
        let before = try await database.importedRowCounts(userId: userId)
        let second = try await importFile("export-modern.xml")
        #expect(second.id != first.id)
        #expect(try await database.importedRowCounts(userId: userId) == before)
        // Every item the first run imported is "already present" now, the food correlation's protein too
        // (listed only inside its correlation), and the samples listed twice are counted once.
        #expect(second.total == ImportTally(imported: 0, alreadyPresent: 33, skipped: 0))
        #expect(second.keptRawReasons.values.reduce(0, +) == 6, "a re-import still says what is kept raw")
        #expect(second.counts["bloodPressureSystolic"] == ImportTally(imported: 0, alreadyPresent: 1))
        #expect(second.counts["dietaryProtein"] == ImportTally(imported: 0, alreadyPresent: 1))
        #expect(second.counts["dietaryEnergy"] == ImportTally(imported: 0, alreadyPresent: 1))
    }

    /// An export whose correlation comes before the top-level copies of its samples (HealthKit writes any mix).
    static let correlationFirstExport = """
        <?xml version="1.0" encoding="UTF-8"?>
        <HealthData locale="en_US">
         <ExportDate value="2024-03-05 10:00:00 +0900"/>
         <Correlation type="HKCorrelationTypeIdentifierBloodPressure" sourceName="Omron" startDate="2024-03-01 07:00:00 +0900" endDate="2024-03-01 07:00:00 +0900">
          <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" sourceName="Omron" unit="mmHg" startDate="2024-03-01 07:00:00 +0900" endDate="2024-03-01 07:00:00 +0900" value="118"/>
          <Record type="HKQuantityTypeIdentifierBloodPressureDiastolic" sourceName="Omron" unit="mmHg" startDate="2024-03-01 07:00:00 +0900" endDate="2024-03-01 07:00:00 +0900" value="76"/>
         </Correlation>
         <Correlation type="HKCorrelationTypeIdentifierBloodPressure" sourceName="Omron" startDate="2024-03-01 07:00:00 +0900" endDate="2024-03-01 07:00:00 +0900">
          <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" sourceName="Omron" unit="mmHg" startDate="2024-03-01 07:00:00 +0900" endDate="2024-03-01 07:00:00 +0900" value="118"/>
          <Record type="HKQuantityTypeIdentifierBloodPressureDiastolic" sourceName="Omron" unit="mmHg" startDate="2024-03-01 07:00:00 +0900" endDate="2024-03-01 07:00:00 +0900" value="76"/>
         </Correlation>
         <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" sourceName="Omron" unit="mmHg" startDate="2024-03-01 07:00:00 +0900" endDate="2024-03-01 07:00:00 +0900" value="118"/>
         <Record type="HKQuantityTypeIdentifierBloodPressureDiastolic" sourceName="Omron" unit="mmHg" startDate="2024-03-01 07:00:00 +0900" endDate="2024-03-01 07:00:00 +0900" value="76"/>
        </HealthData>
        """

    @Test("A correlation listed before its samples' top-level copies counts each sample once, fresh and again")
    func correlationBeforeItsSamples() async throws {
        let file = TestFiles.directory.appendingPathComponent("kiroku-correlation-first-\(UUID().uuidString).xml")
        try Self.correlationFirstExport.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        func run() async throws -> ImportJob {
            let importer = AppleHealthImporter(database: database)
            return try await importer.run(try await importer.prepareJob(userId: userId, file: file, now: Date()), file: file)
        }
        let fresh = try await run()
        #expect(fresh.counts["bloodPressureSystolic"] == ImportTally(imported: 1))
        #expect(fresh.counts["bloodPressureDiastolic"] == ImportTally(imported: 1))
        #expect(fresh.counts["HKCorrelationTypeIdentifierBloodPressure"] == ImportTally(imported: 1, alreadyPresent: 1))
        #expect(try await database.importedRowCounts(userId: userId)["healthRecord"] == 2)
        let again = try await run()
        #expect(again.counts["bloodPressureSystolic"] == ImportTally(alreadyPresent: 1))
        #expect(again.counts["bloodPressureDiastolic"] == ImportTally(alreadyPresent: 1))
        #expect(again.total == ImportTally(alreadyPresent: 4))
    }

    @Test("A CSV saved with a UTF-8 byte-order mark (Excel's CSV UTF-8) is read as a CSV, its first column named date")
    func aCSVWithAByteOrderMarkImports() async throws {
        let text = "\u{FEFF}date,metric,value,unit\r\n2026-11-03T07:00:00+09:00,weight,68,kg\r\n"
        let file = TestFiles.directory.appendingPathComponent("kiroku-bom-\(UUID().uuidString).csv")
        try Data(text.utf8).write(to: file)
        #expect(Data(text.utf8).prefix(3) == Data([0xEF, 0xBB, 0xBF]))
        let job = try await importCSV(file)
        #expect(job.state == .succeeded)
        let records = try await database.allRecords(userId: userId)
        #expect(records.map(\.metric) == ["bodyMass"])
        #expect(records.first?.value == 68)
    }

    /// Writes a one-line CSV import and returns it with the sample it holds, natural key included.
    func csvImport(value: String) throws -> (file: URL, sample: ImportedSample) {
        let text = "date,metric,value,unit\n2024-03-01 07:30:00 +0900,bodyMass,\(value),kg\n"
        let file = TestFiles.directory.appendingPathComponent("kiroku-collision-\(UUID().uuidString).csv")
        try text.write(to: file, atomically: true, encoding: .utf8)
        return (file, try #require(try CSVRecordParser.parse(text, now: Date()).first))
    }

    func importCSV(_ file: URL) async throws -> ImportJob {
        let importer = AppleHealthImporter(database: database)
        return try await importer.run(try await importer.prepareJob(userId: userId, file: file, now: Date()), file: file)
    }

    /// Puts another sample (value 99 kg) where `sample`'s indexed key points, as a 64-bit collision would.
    func occupyHomeSlot(of sample: ImportedSample, check: Int64?) async throws {
        try await database.writer.write { db in
            try db.execute(sql: """
                INSERT INTO healthRecord (userId, metric, value, originalValue, originalUnit, startAt, endAt, source, sourceName,
                  createdAt, updatedAt, naturalKey, naturalKeyCheck)
                VALUES (?, 'bodyMass', 99, 99, 'kg', ?, ?, 'import', 'Other', ?, ?, ?, ?)
                """, arguments: [userId, sample.startAt, sample.endAt, Date(), Date(), sample.naturalKey.value, check])
        }
    }

    @Test("Two samples whose 64-bit keys collide are both kept, and each is recognised on re-import")
    func collidingKeysKeepBothSamples() async throws {
        let (file, sample) = try csvImport(value: "61.5")
        defer { try? FileManager.default.removeItem(at: file) }
        try await occupyHomeSlot(of: sample, check: sample.naturalKey.check &+ 1)

        let first = try await importCSV(file)
        #expect(first.counts["bodyMass"] == ImportTally(imported: 1))
        let stored = try await database.allRecords(userId: userId).map(\.value).sorted()
        #expect(stored == [61.5, 99])
        let again = try await importCSV(file)
        #expect(again.counts["bodyMass"] == ImportTally(alreadyPresent: 1))
        #expect(try await database.allRecords(userId: userId).count == 2)
    }

    @Test("A row stored before keys had a check half still counts as the same sample")
    func legacyKeyWithoutCheckStillMatches() async throws {
        let (file, sample) = try csvImport(value: "61.5")
        defer { try? FileManager.default.removeItem(at: file) }
        try await occupyHomeSlot(of: sample, check: nil)
        let job = try await importCSV(file)
        #expect(job.counts["bodyMass"] == ImportTally(alreadyPresent: 1))
        #expect(try await database.allRecords(userId: userId).count == 1)
    }

    @Test("A sample the gateway sent earlier is recognised in the export and not stored twice")
    func gatewaySampleNotDuplicated() async throws {
        let start = try Instant.parse("2024-03-01 08:00:00 +0900", forms: .exportFiles).date
        _ = try await database.insertRecords([HealthRecord(
            userId: userId, metric: "stepCount", value: 1234, originalValue: 1234, originalUnit: "count",
            startAt: start, endAt: start.addingTimeInterval(600), source: .gateway, sourceName: "Taro\u{2019}s iPhone",
            externalId: "gw-1", createdAt: Date()
        )])
        let job = try await importFile("export-modern.xml")
        #expect(job.counts["stepCount"] == ImportTally(imported: 1, alreadyPresent: 1))
        let steps = try await database.allRecords(userId: userId).filter { $0.metric == "stepCount" }
        #expect(steps.map(\.source) == ["gateway", "import"])
    }

    @Test("An import interrupted mid-way keeps whole batches and the next run completes it with the same result")
    func interruptedImportResumes() async throws {
        await #expect(throws: Failure.self) {
            try await importFile("export-modern.xml", batchSize: 4, failAtBatch: 3)
        }
        let interrupted = try #require(try await database.importJobs(userId: userId).first)
        #expect(interrupted.state == .failed)
        #expect(interrupted.errorCode == "import_interrupted")
        #expect(interrupted.itemsCommitted == 8)
        let partial = try await database.importedRowCounts(userId: userId)
        #expect(partial["healthRecord"]! > 0 && partial["healthRecord"]! < 20)

        let resumed = try await importFile("export-modern.xml", batchSize: 4)
        #expect(resumed.id == interrupted.id)
        #expect(resumed.state == .succeeded)
        #expect(resumed.total == ImportTally(imported: 33, alreadyPresent: 0, skipped: 0))
        #expect(try await database.importedRowCounts(userId: userId) == ["healthRecord": 20, "healthWorkout": 2, "healthCorrelation": 2, "healthRawItem": 9, "healthWorkoutRoutePoint": 0])
    }

    @Test("Malformed XML fails the job with the line, after committing everything before it")
    func malformedCommitsWhatCameBefore() async throws {
        await #expect(throws: ImportError.self) {
            try await importFile("malformed.xml", batchSize: 2)
        }
        let job = try #require(try await database.importJobs(userId: userId).first)
        #expect(job.state == .failed)
        #expect(job.errorCode == "import_malformed_xml")
        #expect(job.errorMessageEn?.contains("line 39") == true)
        #expect(job.itemsCommitted == 9)
        // Me, ExportDate (not stored), then seven records.
        #expect(try await database.importedRowCounts(userId: userId)["healthRecord"] == 7)
    }

    @Test("The legacy 2015 shape and the localized zip import the same way")
    func legacyAndZip() async throws {
        let legacy = try await importFile("export-legacy-2015.xml")
        #expect(legacy.counts["sleepAnalysis"] == ImportTally(imported: 1))
        #expect(legacy.counts["workout"] == ImportTally(imported: 1))
        let zipped = try await importFile("export-localized.zip")
        // One person has one Me: the legacy export's is already there.
        #expect(zipped.total == ImportTally(imported: 32, alreadyPresent: 1, skipped: 0))
        #expect(zipped.counts["Me"] == ImportTally(alreadyPresent: 1))
        // Its one route file is empty: no route, and no empty line in the summary.
        #expect(zipped.counts["workoutRoutePoint"] == nil)
    }

    @Test("Deleting the account deletes its imports, workouts, their routes, correlations and raw items")
    func accountDeletion() async throws {
        _ = try await importFile("export-modern.xml")
        // The 2015 export's workout carries two inline <Location> points: a route to delete.
        _ = try await importFile("export-legacy-2015.xml")
        #expect(try await database.importedRowCounts(userId: userId)["healthWorkoutRoutePoint"] == 2)
        try await database.deleteUser(id: userId)
        #expect(try await database.importedRowCounts(userId: userId).values.allSatisfy { $0 == 0 })
        #expect(try await database.importJobs(userId: userId).isEmpty)
    }
}

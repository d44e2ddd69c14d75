import Foundation
import Health
import HealthImport
import Services
import Storage
import Testing
import TestSupport

/// Rows an older Kiroku kept raw in shapes it did not read yet — Apple Health's 2015 statistics records and Health
/// Auto Export's snake_case metric names — become the samples a fresh import of the same data gives, at the same
/// natural key (so importing that data again adds nothing), and a second run changes nothing.
@Suite struct RawItemReprocessorShapesTests {
    let database: AppDatabase
    let userId: Int64

    init() async throws {
        database = try AppDatabase.temporary()
        userId = try #require(try await database.createUser(User(username: "hanako", passwordHash: "x", createdAt: Date())).id)
    }

    static func key(_ text: String) -> NaturalKey {
        var key = NaturalKey()
        key.add(text)
        return key
    }

    /// The documented 2015 shape: a day's heart rate as `average`, `min`, `max` (count/s) and `recordCount`, no `value`.
    static let export2015 = """
        <?xml version="1.0" encoding="UTF-8"?>
        <HealthData locale="de_DE">
         <ExportDate value="20150410093000+0200"/>
         <Record type="HKQuantityTypeIdentifierHeartRate" source="Health" unit="count/s" startDate="20150301000000+0100" endDate="20150301235959+0100" average="1.2" min="0.9" max="2.5" recordCount="144"/>
        </HealthData>
        """

    @Test func apple2015StatisticsRowsBecomeHeartRateAtTheKeyAnImportGives() async throws {
        // As a Kiroku that did not read the shape kept it: no value, the statistics as attributes, reason bad_value.
        let raw = ImportedRawItem(
            element: "Record", type: "HKQuantityTypeIdentifierHeartRate", value: nil, unit: "count/s",
            startAt: Date(timeIntervalSince1970: 1_425_164_400), endAt: Date(timeIntervalSince1970: 1_425_250_799), utcOffsetSeconds: 3600,
            sourceName: "Health", attributes: ["average": "1.2", "min": "0.9", "max": "2.5", "recordCount": "144"], metadata: [:],
            naturalKey: Self.key("2015-heart-rate"), reason: .badValue
        )
        #expect(try await database.insertHealthAutoExportRaw(userId: userId, items: [raw], now: Date()) == 1)

        let first = try await RawItemReprocessor(database: database).run(userId: userId, now: Date())
        #expect(first.promoted == 1)
        #expect(first.stillRaw.isEmpty)
        let records = try await database.allRecords(userId: userId)
        let heartRate = try #require(records.first)
        #expect(records.count == 1)
        #expect(heartRate.metric == "heartRate")
        #expect(abs(heartRate.value - 72) < 1e-9, "1.2 beats per second is 72 per minute")
        #expect(heartRate.source == "import")
        #expect(heartRate.metadata?["@min"] == "0.9")
        #expect(heartRate.metadata?["@max"] == "2.5")
        #expect(heartRate.metadata?["@recordCount"] == "144")
        #expect(heartRate.metadata?[KeptRawReason.metadataKey] == nil)
        #expect(try await database.rawItems(userId: userId).isEmpty)

        // Importing the export itself now finds the sample already there: the promotion took the import's key.
        let file = TestFiles.directory.appendingPathComponent("kiroku-2015-\(UUID().uuidString).xml")
        try Self.export2015.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let importer = AppleHealthImporter(database: database)
        let job = try await importer.run(try await importer.prepareJob(userId: userId, file: file, now: Date()), file: file)
        #expect(job.counts["heartRate"] == ImportTally(alreadyPresent: 1))
        #expect(try await database.allRecords(userId: userId).count == 1)

        let again = try await RawItemReprocessor(database: database).run(userId: userId, now: Date())
        #expect(again.promoted == 0 && again.stillRaw.isEmpty)
        #expect(try await database.allRecords(userId: userId).count == 1)
    }

    /// Health Auto Export rows as the app sends them (its documented snake_case names), each as a Kiroku that did not
    /// know the name kept it: every field as text, reason unknown_type.
    static let rows: [(name: String, units: String, fields: [String: JSONValue])] = [
        ("active_energy", "kcal", ["date": .string("2024-01-15 00:00:00 +0900"), "qty": .number(412.5), "source": .string("Apple Watch")]),
        ("walking_running_distance", "km", ["date": .string("2024-01-15 00:00:00 +0900"), "qty": .number(6.2), "source": .string("iPhone")]),
        ("blood_pressure", "mmHg", ["date": .string("2024-01-15 07:10:00 +0900"), "systolic": .number(118), "diastolic": .number(76), "source": .string("Omron")]),
        // iOS 16+ aggregated night: asleep 0, the night in totalSleep split into stages, apps named per part.
        ("sleep_analysis", "hr", [
            "date": .string("2024-01-15 00:00:00 +0900"), "asleep": .number(0), "totalSleep": .number(6.75), "core": .number(3.5),
            "deep": .number(1.25), "rem": .number(2), "awake": .number(0.2), "inBed": .number(7.5),
            "sleepSource": .string("Apple Watch"), "inBedSource": .string("iPhone"),
        ]),
        ("time_in_daylight", "min", ["date": .string("2024-01-15 00:00:00 +0900"), "qty": .number(35), "source": .string("Apple Watch")]),
    ]

    /// A field as the raw row keeps it: text as is, numbers without a needless ".0".
    static func text(_ value: JSONValue) -> String {
        switch value {
        case let .string(text): text
        case let .number(number): number == number.rounded() ? String(Int(number)) : String(number)
        default: ""
        }
    }

    @Test func healthAutoExportSnakeCaseRowsBecomeTheSamplesADeliveryGives() async throws {
        let now = Date()
        let kept = Self.rows.map { row in
            ImportedRawItem(
                element: "HealthAutoExport", type: row.name, value: row.fields["qty"].map(Self.text), unit: row.units,
                startAt: nil, endAt: nil, utcOffsetSeconds: nil, sourceName: row.fields["source"]?.text,
                attributes: row.fields.mapValues(Self.text), metadata: [:], naturalKey: Self.key(row.name), reason: .unknownType
            )
        }
        #expect(try await database.insertHealthAutoExportRaw(userId: userId, items: kept, now: now) == 5)

        let first = try await RawItemReprocessor(database: database).run(userId: userId, now: now)
        #expect(first.promoted == 4)
        #expect(first.stillRaw == ["unknown_type": 1], "the catalog has no time in daylight")
        let records = try await database.allRecords(userId: userId)
        #expect(Set(records.map(\.metric)) == ["activeEnergyBurned", "distanceWalkingRunning", "bloodPressureSystolic", "bloodPressureDiastolic", "sleepAnalysis", "timeInBed"])
        let sleep = try #require(records.first { $0.metric == "sleepAnalysis" })
        #expect(sleep.value == 405 && sleep.sourceName == "Apple Watch", "6.75 h of totalSleep, from the sleep app")
        #expect(sleep.metadata?["deep"] == "1.25")
        #expect(records.first { $0.metric == "timeInBed" }?.sourceName == "iPhone")
        #expect(records.allSatisfy { $0.source == RecordSource.healthAutoExport.rawValue && $0.externalId != nil })
        #expect(records.first { $0.metric == "bloodPressureSystolic" }?.value == 118)
        #expect(try await database.rawItems(userId: userId).map(\.type) == ["time_in_daylight"])

        // The app delivers the same rows again: every sample is found under the id a delivery gives it.
        var mapper = HealthAutoExportMapper(now: now)
        var samples: [HealthAutoExportMapper.Sample] = []
        for row in Self.rows { mapper.map(row: .object(row.fields), metric: row.name, units: row.units, into: &samples) }
        let delivery = try await database.upsertHealthAutoExport(userId: userId, samples: samples, workouts: [], now: now)
        #expect(delivery.records == UpsertCounts(unchanged: 6))

        let again = try await RawItemReprocessor(database: database).run(userId: userId, now: now)
        #expect(again.promoted == 0)
        #expect(again.stillRaw == ["unknown_type": 1])
        #expect(try await database.allRecords(userId: userId).count == 6)
    }
}

import Foundation
import Health
import Services
import Storage
import Testing
import TestSupport

/// A user moving to a new server, or coming back after deleting their account: the records CSV export imported into
/// a new account gives back the same records, and importing it again adds nothing. Real SQLite files, the real export
/// and the real importer (what `kiroku export --format csv` and `kiroku import` run).
@Suite struct RecordsCSVRoundTripTests {
    static let newYork = TimeZone(identifier: "America/New_York")!

    static func appleHealthFixture() -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("HealthImportTests/Fixtures/export-modern.xml")
    }

    /// What a user sees of a record, instants to the millisecond (the database keeps milliseconds).
    struct Seen: Hashable, CustomStringConvertible {
        let metric: String
        let value: Double
        let originalValue: Double
        let originalUnit: String
        let start: String
        let end: String
        let utcOffsetSeconds: Int?
        let source: String
        let sourceName: String?
        let device: String?
        let metadata: [String: String]?
        let clientId: String?
        let createdAt: String
        let updatedAt: String

        init(_ record: HealthRecord) {
            metric = record.metric
            value = record.value
            originalValue = record.originalValue
            originalUnit = record.originalUnit
            start = Instant(record.startAt).iso8601
            end = Instant(record.endAt).iso8601
            utcOffsetSeconds = record.utcOffsetSeconds
            source = record.source
            sourceName = record.sourceName
            device = record.device
            metadata = record.metadata
            clientId = record.externalId
            createdAt = Instant(record.createdAt).iso8601
            updatedAt = Instant(record.updatedAt).iso8601
        }

        var description: String { "\(metric) \(value) \(start)–\(end) \(source) \(sourceName ?? "-")" }
    }

    static func seen(_ database: AppDatabase, userId: Int64) async throws -> [Seen: Int] {
        try await database.allRecords(userId: userId).reduce(into: [:]) { $0[Seen($1), default: 0] += 1 }
    }

    static func newUser(_ database: AppDatabase, _ name: String) async throws -> Int64 {
        try #require(try await database.createUser(User(username: name, passwordHash: "x", timeZone: "America/New_York", createdAt: Date())).id)
    }

    static func importFile(_ file: URL, database: AppDatabase, userId: Int64) async throws -> ImportJob {
        let importer = AppleHealthImporter(database: database)
        return try await importer.run(try await importer.prepareJob(userId: userId, file: file, now: Date()), file: file)
    }

    /// The export as `kiroku export --format csv` writes it: byte-order mark, then the records a page at a time.
    static func export(_ database: AppDatabase, userId: Int64) async throws -> URL {
        var exporter = DataExporter(database: database)
        exporter.recordsPerPage = 3
        var bytes = Data()
        try await exporter.csv(userId: userId, timeZone: newYork, byteOrderMark: true) { bytes.append(Data($0.utf8)) }
        let file = TestFiles.directory.appendingPathComponent("kiroku-records-\(UUID().uuidString).csv")
        try bytes.write(to: file)
        return file
    }

    /// Records of every source and shape an account holds, beside an Apple Health import (sleep stages, steps over an
    /// interval, blood pressure, a weight in pounds).
    static func fillAccount(_ database: AppDatabase, userId: Int64) async throws {
        #expect(try await importFile(appleHealthFixture(), database: database, userId: userId).state == .succeeded)
        let created = try Instant.parse("2024-11-04T12:00:00.123Z").date
        func at(_ text: String) throws -> Date { try Instant.parse(text).date }
        let records = [
            // 01:30 on the New York clock twice: before and after the clocks went back (the export's wall clock is ambiguous).
            HealthRecord(userId: userId, metric: "bodyMass", value: 69.853_224_98, originalValue: 154, originalUnit: "lb",
                         startAt: try at("2024-11-03T05:30:00.250Z"), endAt: try at("2024-11-03T05:30:00.250Z"), utcOffsetSeconds: -14_400,
                         source: .manual, sourceName: "体重計（浴室）, 朝", metadata: ["memo": "=1+1", "note": "line one\nline two \"quoted\""],
                         externalId: "client-7", createdAt: created),
            HealthRecord(userId: userId, metric: "bodyMass", value: 70.1, originalValue: 70.1, originalUnit: "kg",
                         startAt: try at("2024-11-03T06:30:00Z"), endAt: try at("2024-11-03T06:30:00Z"), utcOffsetSeconds: -18_000,
                         source: .manual, createdAt: created),
            // Sleep across the change: the end's 01:30 is the second one.
            HealthRecord(userId: userId, metric: "sleepAnalysis", value: 180, originalValue: 10_800, originalUnit: "s",
                         startAt: try at("2024-11-03T03:30:00Z"), endAt: try at("2024-11-03T06:30:00Z"), utcOffsetSeconds: -14_400,
                         source: .gateway, sourceName: "Apple Watch", device: "'=Watch7,1", metadata: ["timezone": "America/New_York"],
                         externalId: "123e4567-e89b-12d3-a456-426614174000", createdAt: created),
            // Steps over the hour the clocks skipped in spring, with no offset of its own.
            HealthRecord(userId: userId, metric: "stepCount", value: 1234, originalValue: 1234, originalUnit: "count",
                         startAt: try at("2024-03-10T06:45:00Z"), endAt: try at("2024-03-10T07:15:00Z"),
                         source: .healthAutoExport, sourceName: "Watch", externalId: "stepCount|2024-03-10|Watch", createdAt: created),
            // A glass of water typed in twice: two records.
            HealthRecord(userId: userId, metric: "dietaryWater", value: 250, originalValue: 250, originalUnit: "mL",
                         startAt: try at("2024-06-01T12:00:00Z"), endAt: try at("2024-06-01T12:00:00Z"), source: .manual, createdAt: created),
            HealthRecord(userId: userId, metric: "dietaryWater", value: 250, originalValue: 250, originalUnit: "mL",
                         startAt: try at("2024-06-01T12:00:00Z"), endAt: try at("2024-06-01T12:00:00Z"), source: .manual,
                         createdAt: created.addingTimeInterval(1)),
            HealthRecord(userId: userId, metric: "heartRate", value: 61, originalValue: 61, originalUnit: "count/min",
                         startAt: try at("2024-06-02T08:00:00Z"), endAt: try at("2024-06-02T08:00:00Z"), source: .sync,
                         sourceName: "'-restful", createdAt: created),
        ]
        #expect(try await database.insertRecords(records).allSatisfy(\.inserted))
    }

    @Test("Export → import into a new account gives back the same records; a second import adds nothing")
    func exportedRecordsComeBackIntoANewAccount() async throws {
        let database = try AppDatabase.temporary()
        let original = try await Self.newUser(database, "hanako")
        try await Self.fillAccount(database, userId: original)
        let before = try await Self.seen(database, userId: original)
        #expect(before.values.reduce(0, +) > 20)
        #expect(Set(before.keys.map(\.metric)).isSuperset(of: ["bodyMass", "sleepAnalysis", "stepCount", "bloodPressureSystolic", "dietaryWater"]))
        let file = try await Self.export(database, userId: original)
        defer { try? FileManager.default.removeItem(at: file) }

        let restored = try await Self.newUser(database, "hanako2")
        let job = try await Self.importFile(file, database: database, userId: restored)
        #expect(job.state == .succeeded)
        #expect(job.kind == .csv)
        #expect(job.total == ImportTally(imported: before.values.reduce(0, +)))
        let after = try await Self.seen(database, userId: restored)
        #expect(after == before, "missing: \(before.filter { after[$0.key] != $0.value }), extra: \(after.filter { before[$0.key] != $0.value })")

        let again = try await Self.importFile(file, database: database, userId: restored)
        #expect(again.total == ImportTally(alreadyPresent: before.values.reduce(0, +)))
        #expect(try await Self.seen(database, userId: restored) == before)

        // The same samples from the Apple Health export, or the export back into the account it came from: already there.
        _ = try await Self.importFile(Self.appleHealthFixture(), database: database, userId: restored)
        let afterApple = try await Self.seen(database, userId: restored)
        #expect(afterApple == before, "extra: \(afterApple.filter { before[$0.key] != $0.value })")
        let home = try await Self.importFile(file, database: database, userId: original)
        #expect(home.total.imported == 0)
        let home2 = try await Self.seen(database, userId: original)
        #expect(home2 == before, "extra: \(home2.filter { before[$0.key] != $0.value })")
    }

    @Test("A malformed row refuses the whole file, naming the line in both languages; nothing is stored")
    func aMalformedRowStoresNothing() async throws {
        let database = try AppDatabase.temporary()
        let original = try await Self.newUser(database, "taro")
        try await Self.fillAccount(database, userId: original)
        let file = try await Self.export(database, userId: original)
        defer { try? FileManager.default.removeItem(at: file) }
        var lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\r\n")
        // Line 3 of the file: its value made unreadable.
        var fields = lines[2].components(separatedBy: ",")
        fields[2] = "seventy"
        lines[2] = fields.joined(separator: ",")
        try lines.joined(separator: "\r\n").write(to: file, atomically: true, encoding: .utf8)

        let restored = try await Self.newUser(database, "taro2")
        await #expect(throws: (any Error).self) { try await Self.importFile(file, database: database, userId: restored) }
        #expect(try await database.allRecords(userId: restored).isEmpty)
        let job = try #require(try await database.importJobs(userId: restored).first)
        #expect(job.state == .failed)
        #expect(job.errorCode == "import_csv_invalid")
        #expect(job.errorMessageEn?.contains("line 3: value: the value “seventy” is not a number") == true, "\(job.errorMessageEn ?? "")")
        #expect(job.errorMessageJa?.contains("3 行目: value: 値「seventy」は数値ではありません") == true, "\(job.errorMessageJa ?? "")")
    }
}

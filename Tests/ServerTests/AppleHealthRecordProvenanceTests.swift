import Foundation
import GRDB
import Health
import Hummingbird
import HummingbirdTesting
@testable import Server
import Services
import Storage
import Testing
import TestSupport

/// Every `<Record>` of an Apple Health export may say which version of the app recorded it (`sourceVersion`) and when
/// that app created the sample (`creationDate`). Both were read and dropped; now they are stored on the sample, kept on
/// a raw item and carried when it is promoted, shown by the JSON export and the records API, and written to the records
/// CSV export, which imports back with them. Real SQLite files, the real importer, real HTTP.
@Suite("Apple Health: a record's source version and creation date are kept")
struct AppleHealthRecordProvenanceTests {
    /// 2024-01-15 08:00:00 +0900.
    static let start = Date(timeIntervalSince1970: 1_705_273_200)
    static let heartRates = 130
    static let unreadable = "2024-13-45 99:00:00 +0900"

    /// `date` on a Tokyo clock as the export writes it.
    static func exportText(_ date: Date) -> String {
        let fields = WallClockTime(date, in: TimeZone(identifier: "Asia/Tokyo")!).fields
        func two(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }
        return "\(fields.year)-\(two(fields.month))-\(two(fields.day)) \(two(fields.hour)):\(two(fields.minute)):\(two(fields.second)) +0900"
    }

    /// 130 heart rates, each created 5 s after it ended, from Health 17.2 (more than a statement's 128, so both ways of
    /// writing store some); a weight with neither attribute; a weight whose creation date is unreadable; a weight in a
    /// unit Kiroku does not know, kept raw.
    static func export(in directory: URL) throws -> URL {
        var xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE HealthData [
            <!ATTLIST Record sourceVersion CDATA #IMPLIED creationDate CDATA #IMPLIED>
            ]>
            <HealthData locale="ja_JP">
            <ExportDate value="2024-02-01 09:00:00 +0900"/>

            """
        for minute in 0..<heartRates {
            let at = start.addingTimeInterval(Double(minute * 60))
            xml += """
                <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Apple Watch" sourceVersion="17.2" unit="count/min" \
                creationDate="\(exportText(at.addingTimeInterval(5)))" startDate="\(exportText(at))" endDate="\(exportText(at))" value="\(60 + minute % 40)"/>

                """
        }
        xml += """
            <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="体重計" unit="kg" startDate="2024-01-15 07:00:00 +0900" endDate="2024-01-15 07:00:00 +0900" value="62.4"/>
            <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="体重計" sourceVersion="1.0" unit="kg" creationDate="\(unreadable)" startDate="2024-01-16 07:00:00 +0900" endDate="2024-01-16 07:00:00 +0900" value="62.1"/>
            <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Old Scale" sourceVersion="2.3.1" unit="furlongs" creationDate="2024-01-17 07:30:00 +0900" startDate="2024-01-17 07:00:00 +0900" endDate="2024-01-17 07:00:00 +0900" value="9.8"/>
            </HealthData>

            """
        let file = directory.appendingPathComponent("export.xml")
        try Data(xml.utf8).write(to: file)
        return file
    }

    static func importFile(_ file: URL, database: AppDatabase, userId: Int64) async throws -> ImportJob {
        let importer = AppleHealthImporter(database: database)
        return try await importer.run(try await importer.prepareJob(userId: userId, file: file, now: Date()), file: file)
    }

    let server: TestServer
    let directory: URL

    init() throws {
        server = try TestServer()
        directory = TestFiles.directory.appendingPathComponent("kiroku-provenance-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    @Test("Samples store them (both ways of writing), NULL when absent, the text in metadata when unreadable; again adds nothing")
    func samplesStoreThem() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = server.database
        let (user, _) = try await server.user("hanako")
        let userId = try user.savedId
        let file = try Self.export(in: directory)

        let job = try await Self.importFile(file, database: database, userId: userId)
        #expect(job.state == .succeeded)
        #expect(job.total == ImportTally(imported: Self.heartRates + 3))
        #expect(job.skippedReasons.isEmpty, "the unreadable creation date costs its sample nothing")
        #expect(job.keptRawReasons == ["unknown_unit": 1])

        let records = try await database.allRecords(userId: userId)
        let heartRates = records.filter { $0.metric == "heartRate" }.sorted { $0.startAt < $1.startAt }
        #expect(heartRates.count == Self.heartRates)
        #expect(heartRates.allSatisfy { $0.sourceVersion == "17.2" })
        #expect(heartRates.allSatisfy { $0.sourceCreatedAt == $0.startAt.addingTimeInterval(5) })
        #expect(heartRates.allSatisfy { $0.metadata?["@creationDate"] == nil && $0.metadata?["@sourceVersion"] == nil })
        let firstCreated = try await database.reader.read { db in
            try String.fetchOne(db, sql: "SELECT sourceCreatedAt FROM healthRecord WHERE userId = ? AND metric = 'heartRate' ORDER BY startAt LIMIT 1", arguments: [userId])
        }
        #expect(firstCreated == "2024-01-14 23:00:05.000", "stored as every date is: UTC, to the millisecond")

        let weights = records.filter { $0.metric == "bodyMass" }.sorted { $0.startAt < $1.startAt }
        #expect(weights.count == 2)
        #expect(weights[0].sourceVersion == nil && weights[0].sourceCreatedAt == nil)
        #expect(weights[0].metadata?["@creationDate"] == nil)
        #expect(weights[1].sourceVersion == "1.0")
        #expect(weights[1].sourceCreatedAt == nil)
        #expect(weights[1].metadata?["@creationDate"] == Self.unreadable, "kept as written")

        let again = try await Self.importFile(file, database: database, userId: userId)
        #expect(again.total.imported == 0)
        #expect(try await database.allRecords(userId: userId) == records)
    }

    @Test("A raw item keeps them as written, and promoting it carries them to the sample's columns")
    func rawItemsKeepThemAndPromotionCarriesThem() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = server.database
        let (user, _) = try await server.user("hanako")
        let userId = try user.savedId
        _ = try await Self.importFile(try Self.export(in: directory), database: database, userId: userId)

        let raw = try #require(try await database.rawItems(userId: userId).first { $0.element == "Record" })
        let attributes = try JSONDecoder().decode([String: String].self, from: Data(raw.attributes.utf8))
        #expect(attributes["sourceVersion"] == "2.3.1")
        #expect(attributes["creationDate"] == "2024-01-17 07:30:00 +0900")

        // A unit this version does not know stands for one an older version did not: the row is as it would have been.
        try await database.writer.write { db in
            try db.execute(sql: "UPDATE healthRawItem SET unit = 'kg' WHERE userId = ? AND id = ?", arguments: [userId, raw.id])
        }
        let summary = try await RawItemReprocessor(database: database).run(userId: userId, now: Date())
        #expect(summary.promoted == 1)
        let promoted = try #require(try await database.allRecords(userId: userId).first { $0.sourceName == "Old Scale" })
        #expect(promoted.sourceVersion == "2.3.1")
        #expect(promoted.sourceCreatedAt.map { Instant($0).iso8601 } == "2024-01-16T22:30:00.000Z")
        #expect(promoted.metadata?["@sourceVersion"] == nil && promoted.metadata?["@creationDate"] == nil, "in their columns, not twice")
    }

    @Test("The JSON export and the records API show them, and leave them out when absent")
    func exportAndAPIShowThem() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let (user, token) = try await server.user("hanako")
        _ = try await Self.importFile(try Self.export(in: directory), database: server.database, userId: try user.savedId)
        let created = Instant.iso8601(Self.start.addingTimeInterval(5))

        let document = try JSONSerialization.jsonObject(with: try await DataExporter(database: server.database).json(user: user, now: Date()))
        let exported = try #require((document as? [String: Any])?["records"] as? [[String: Any]])
        let firstHeartRate = try #require(exported.first { $0["metric"] as? String == "heartRate" && $0["start"] as? String == Instant.iso8601(Self.start) })
        #expect(firstHeartRate["sourceVersion"] as? String == "17.2")
        #expect(firstHeartRate["sourceCreatedAt"] as? String == created)
        let plainWeight = try #require(exported.first { $0["metric"] as? String == "bodyMass" && $0["value"] as? Double == 62.4 })
        #expect(plainWeight["sourceVersion"] == nil && plainWeight["sourceCreatedAt"] == nil)

        try await server.test { client in
            let list = try await client.execute(uri: "/api/v1/records?metric=heartRate&limit=500", method: .get, headers: .bearer(token))
            #expect(list.status == .ok)
            let listed = try #require(try list.json()["records"] as? [[String: Any]])
            #expect(listed.count == Self.heartRates)
            let first = try #require(listed.first { $0["start"] as? String == Instant.iso8601(Self.start) })
            #expect(first["sourceVersion"] as? String == "17.2")
            #expect(first["sourceCreatedAt"] as? String == created)

            let id = try #require(first["id"] as? Int)
            let one = try await client.execute(uri: "/api/v1/records/\(id)", method: .get, headers: .bearer(token))
            #expect(one.status == .ok)
            #expect(try one.json()["sourceVersion"] as? String == "17.2")
            #expect(try one.json()["sourceCreatedAt"] as? String == created)

            let weights = try await client.execute(uri: "/api/v1/records?metric=bodyMass", method: .get, headers: .bearer(token))
            let plain = try #require((try weights.json()["records"] as? [[String: Any]])?.first { $0["value"] as? Double == 62.4 })
            #expect(plain.keys.contains("sourceVersion") == false && plain.keys.contains("sourceCreatedAt") == false)
        }
    }

    @Test("The records CSV export writes them last, and imports back with them")
    func csvExportImportsBackWithThem() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = server.database
        let (user, _) = try await server.user("hanako")
        let userId = try user.savedId
        _ = try await Self.importFile(try Self.export(in: directory), database: database, userId: userId)
        let original = try await database.allRecords(userId: userId)

        let text = try await DataExporter(database: database).csv(userId: userId, timeZone: TimeZone(identifier: "Asia/Tokyo")!)
        let lines = text.components(separatedBy: "\r\n")
        #expect(lines[0].hasSuffix(",client_id,source_version,source_created_at_utc"))
        #expect(lines.contains { $0.hasSuffix(",17.2,\(Instant.iso8601(Self.start.addingTimeInterval(5)))") })
        let file = directory.appendingPathComponent("records.csv")
        try Data(text.utf8).write(to: file)

        let (restored, _) = try await server.user("hanako2")
        let restoredId = try restored.savedId
        let job = try await Self.importFile(file, database: database, userId: restoredId)
        #expect(job.state == .succeeded)
        #expect(job.total == ImportTally(imported: original.count))
        func provenance(_ records: [HealthRecord]) -> [String] {
            records.map { "\($0.metric) \(Instant.iso8601($0.startAt)) \($0.sourceVersion ?? "-") \($0.sourceCreatedAt.map(Instant.iso8601) ?? "-")" }.sorted()
        }
        let back = try await database.allRecords(userId: restoredId)
        #expect(provenance(back) == provenance(original))
        #expect(back.filter { $0.sourceCreatedAt != nil }.count == Self.heartRates)
    }
}

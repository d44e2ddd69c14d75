import Foundation
import Health
@testable import Services
import Storage
import Testing

/// Exports read and write records a page at a time; what they write does not depend on the page size, and the JSON
/// document is whole and valid however the pages fall (records sharing a start time included).
@Suite struct ExportPagingTests {
    let database: AppDatabase
    let user: User

    init() async throws {
        database = try AppDatabase.temporary()
        user = try await database.createUser(User(username: "hanako", passwordHash: "x", createdAt: Date()))
    }

    func addRecords() async throws {
        let base = Date(timeIntervalSince1970: 1_700_000_000)
        var records: [HealthRecord] = []
        for index in 0..<7 {
            records.append(HealthRecord(
                userId: try user.savedId, metric: "bodyMass", value: 60 + Double(index) / 10, originalValue: 60 + Double(index) / 10,
                originalUnit: "kg", startAt: base.addingTimeInterval(Double(index) * 3_600), endAt: base.addingTimeInterval(Double(index) * 3_600),
                source: .manual, device: index.isMultiple(of: 2) ? "Scale, \"kitchen\"" : nil,
                metadata: index == 3 ? ["note": "改行\nあり"] : nil, createdAt: base
            ))
        }
        // Three records starting at one instant: the pages' cursor goes on by id.
        for index in 0..<3 {
            records.append(HealthRecord(
                userId: try user.savedId, metric: "stepCount", value: Double(100 + index), originalValue: Double(100 + index),
                originalUnit: "count", startAt: base.addingTimeInterval(7_200), endAt: base.addingTimeInterval(7_260), source: .manual, createdAt: base
            ))
        }
        _ = try await database.insertRecords(records)
    }

    func exporter(recordsPerPage: Int) -> DataExporter {
        var exporter = DataExporter(database: database)
        exporter.recordsPerPage = recordsPerPage
        return exporter
    }

    /// Workouts with routes: one from a GPX file in the zip, one with its points inline, and one without a route.
    func addWorkouts() async throws {
        let zip = try WorkoutRouteTests.exportZip()
        _ = try await WorkoutRouteTests.importZip(zip, userId: try user.savedId, database: database)
    }

    /// The modern fixture export: two correlations (blood pressure, food) and nine items kept raw.
    func addCorrelationsAndRawItems() async throws {
        let file = AppleHealthImportTests.fixture("export-modern.xml")
        let importer = AppleHealthImporter(database: database)
        let job = try await importer.run(try await importer.prepareJob(userId: try user.savedId, file: file, now: Date()), file: file)
        #expect(job.state == .succeeded)
    }

    @Test func pagesOfAnySizeWriteTheSameExport() async throws {
        try await addRecords()
        try await addWorkouts()
        try await addCorrelationsAndRawItems()
        let now = Date(timeIntervalSince1970: 1_750_000_000)
        let whole = try await exporter(recordsPerPage: 1_000).json(user: user, now: now)
        // Byte for byte what encoding the whole document at once gives.
        #expect(whole == (try await exporter(recordsPerPage: 1_000).wholeJSON(user: user, now: now)))
        #expect(try await database.routeWorkoutIds(userId: try user.savedId).count == 2)
        let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
        let wholeCSV = try await exporter(recordsPerPage: 1_000).csv(userId: try user.savedId, timeZone: tokyo)
        for size in [1, 2, 3, 10] {
            #expect(try await exporter(recordsPerPage: size).json(user: user, now: now) == whole, "\(size) a page")
            #expect(try await exporter(recordsPerPage: size).csv(userId: try user.savedId, timeZone: tokyo) == wholeCSV, "\(size) a page")
        }
        let storedRecords = try await database.allRecords(userId: try user.savedId).count
        #expect(wholeCSV.split(separator: "\r\n").count == 1 + storedRecords, "a header and every record")
        let routes = try #require(try JSONSerialization.jsonObject(with: whole) as? [String: Any])["healthWorkoutRoutes"] as? [[String: Any]]
        #expect(routes?.map { ($0["points"] as? [Any])?.count } == [4, 3], "the GPX file's readable points, then the inline ones")
        // Correlations and raw items are paged too: every one once, in the order the whole reads give.
        let parts = try #require(try JSONSerialization.jsonObject(with: whole) as? [String: Any])
        let correlations = try #require(parts["healthCorrelations"] as? [[String: Any]])
        #expect(correlations.compactMap { $0["type"] as? String } == ["HKCorrelationTypeIdentifierBloodPressure", "HKCorrelationTypeIdentifierFood"])
        #expect(correlations.allSatisfy { ($0["recordIds"] as? [Any])?.isEmpty == false }, "each with its member records")
        let rawItems = try #require(parts["healthRawItems"] as? [[String: Any]])
        let storedRawIds = try await database.rawItems(userId: try user.savedId).compactMap(\.id)
        #expect(storedRawIds.count >= 10, "the fixture's nine and the route zip's")
        #expect(rawItems.compactMap { ($0["id"] as? Int).map(Int64.init) } == storedRawIds)

        // The document is valid JSON, its records every record once, in start order then id, as encoded alone.
        let document = try #require(try JSONSerialization.jsonObject(with: whole) as? [String: Any])
        let records = try #require(document["records"] as? [[String: Any]])
        let stored = try await database.allRecords(userId: try user.savedId)
        #expect(records.compactMap { $0["id"] as? Int } == stored.compactMap { $0.id.map(Int.init) })
        let alone = try DataExporter.documentEncoder.encode(try stored.map { try RecordResponse($0, language: .en) })
        let expected = try #require(try JSONSerialization.jsonObject(with: alone) as? [[String: Any]])
        #expect(NSArray(array: records).isEqual(to: expected))
        #expect(document["format"] as? String == "kiroku-export")
        #expect((document["tasks"] as? [Any])?.isEmpty == true)
        // Laid out as the rest of the document: the records four spaces in.
        #expect(String(decoding: whole, as: UTF8.self).contains("\n  \"records\" : [\n    {\n      \""))
    }

    @Test func anAccountWithoutRecordsExportsAnEmptyList() async throws {
        let now = Date()
        let data = try await exporter(recordsPerPage: 2).json(user: user, now: now)
        #expect(data == (try await exporter(recordsPerPage: 2).wholeJSON(user: user, now: now)))
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect((document["records"] as? [Any])?.isEmpty == true)
        let csv = try await exporter(recordsPerPage: 2).csv(userId: try user.savedId, timeZone: .gmt)
        #expect(csv == DataExporter.csvHeader.joined(separator: ",") + "\r\n")
    }
}

import Foundation
import Health
import Hummingbird
import HummingbirdTesting
@testable import Server
import Services
import Storage
import Testing
import TestSupport

/// An Apple Health export says when the phone wrote it (`<ExportDate>`). It was read and thrown away; now the import job
/// keeps it with its offset, the summary page shows it (書き出し日時 / Exported at, on the phone's own clock), and the
/// API and the JSON export of import jobs carry it. Real SQLite, the real importer, real HTTP.
@Suite struct AppleHealthExportDateTests {
    static let export = """
        <?xml version="1.0" encoding="UTF-8"?>
        <HealthData locale="ja_JP">
         <ExportDate value="2024-03-05 21:30:15 +0900"/>
         <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="体重計" unit="kg" startDate="2024-03-01 07:00:00 +0900" endDate="2024-03-01 07:00:00 +0900" value="62.4"/>
        </HealthData>
        """

    @Test func theExportDateIsStoredWithTheJobAndShownOnItsSummaryInTheAPIAndInTheExport() async throws {
        let server = try TestServer()
        let file = TestFiles.directory.appendingPathComponent("kiroku-export-date-\(UUID().uuidString).xml")
        try Data(Self.export.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        try await server.test { client in
            var session = WebSession(client)
            _ = try await session.signUp("hanako")
            let user = try #require(try await server.database.user(username: "hanako"))
            let importer = AppleHealthImporter(database: server.database)
            let job = try await importer.run(try await importer.prepareJob(userId: try user.savedId, file: file, now: Date()), file: file)
            #expect(job.exportedAt == Date(timeIntervalSince1970: 1_709_641_815), "2024-03-05T12:30:15Z")
            #expect(job.exportedAtUtcOffsetSeconds == 32_400)
            let stored = try #require(try await server.database.importJob(id: try job.savedId, userId: try user.savedId))
            #expect(stored.exportedAt == job.exportedAt && stored.exportedAtUtcOffsetSeconds == 32_400, "in the database, not only in memory")

            let page = try await session.get("/imports/\(try job.savedId)").text
            #expect(page.contains(#"書き出し日時: <time datetime="2024-03-05T21:30:15.000+09:00">2024-03-05 21:30:15 +09:00</time>"#), "\(page)")

            let token = try await server.accounts.createToken(for: try user.savedId, name: "t", now: Date()).secret
            let answered = try await client.execute(uri: "/api/v1/imports/\(try job.savedId)", method: .get, headers: .bearer(token)).json()
            #expect(answered["exportedAt"] as? String == "2024-03-05T12:30:15.000Z")
            #expect(answered["exportedAtUtcOffsetSeconds"] as? Int == 32_400)

            let document = try await client.execute(uri: "/api/v1/export?format=json", method: .get, headers: .bearer(token)).json()
            let imports = try #require(document["imports"] as? [[String: Any]])
            #expect(imports.first?["exportedAt"] as? String == "2024-03-05T12:30:15.000Z")
            #expect(imports.first?["exportedAtUtcOffsetSeconds"] as? Int == 32_400)
        }
    }

    @Test func theSummaryNamesItInEnglishTooAndSaysNothingForAFileWithoutOne() {
        var job = ImportJob(userId: 1, kind: .appleHealth, fileName: "export.zip", fileSize: 1, fingerprint: "f", createdAt: Date())
        #expect(job.exportedInstant == nil)
        job.exportedAt = Date(timeIntervalSince1970: 1_709_641_815)
        job.exportedAtUtcOffsetSeconds = -18_000
        #expect(job.exportedInstant?.wallClockText == "2024-03-05 07:30:15 -05:00")
        #expect(WebStrings.table(.en)["impExportedAt"] == "Exported at" && WebStrings.table(.ja)["impExportedAt"] == "書き出し日時")
    }
}

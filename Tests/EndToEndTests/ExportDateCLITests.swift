import Foundation
import Testing

/// `kiroku import` says when the phone wrote the export (its `<ExportDate>`, on the phone's own clock), in the
/// terminal's language; the JSON export of the import jobs carries it.
extension CLITests {
    @Test func anImportSummaryNamesWhenThePhoneWroteTheExport() throws {
        _ = try kiroku(["user", "create", "hanako", "--password-stdin"], input: "correct horse battery\n")
        let english = try kiroku(["import", Self.fixture("export-modern.xml"), "--user", "hanako"])
        #expect(english.status == 0, "\(english.error)")
        #expect(english.output.contains("Exported at: 2024-03-10 21:00:00 +09:00"), "\(english.output)")

        let japanese = try kiroku(["import", Self.fixture("export-legacy-2015.xml"), "--user", "hanako"], language: "ja_JP.UTF-8")
        #expect(japanese.status == 0, "\(japanese.error)")
        #expect(japanese.output.contains("書き出し日時: 2015-11-10 09:30:00 +01:00"), "\(japanese.output)")

        let export = try kiroku(["export", "--user", "hanako", "--format", "json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(export.output.utf8)) as? [String: Any])
        let imports = try #require(document["imports"] as? [[String: Any]])
        #expect(Set(imports.compactMap { $0["exportedAtUtcOffsetSeconds"] as? Int }) == [32_400, 3_600], "\(imports)")
    }
}

import Foundation
import Testing

/// `kiroku import` fills an empty profile from the export's `<Me>` and says so; the export shows the result.
extension CLITests {
    @Test func anImportFillsAnEmptyProfileOnceAndSaysSo() throws {
        _ = try kiroku(["user", "create", "hanako", "--password-stdin"], input: "correct horse battery\n")
        let first = try kiroku(["import", Self.fixture("export-modern.xml"), "--user", "hanako"])
        #expect(first.status == 0, "\(first.error)")
        #expect(first.output.contains("Profile: date of birth and sex taken from the export"))

        let again = try kiroku(["import", Self.fixture("export-legacy-2015.xml"), "--user", "hanako"])
        #expect(again.status == 0, "\(again.error)")
        #expect(!again.output.contains("Profile:"), "a set profile is not overwritten, and nothing is claimed")

        let export = try kiroku(["export", "--user", "hanako", "--format", "json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(export.output.utf8)) as? [String: Any])
        let account = try #require(document["account"] as? [String: Any])
        #expect(account["dateOfBirth"] as? String == "1990-01-01")
        #expect(account["biologicalSex"] as? String == "male")

        _ = try kiroku(["user", "create", "taro", "--password-stdin"], input: "correct horse battery\n")
        let japanese = try kiroku(["import", Self.fixture("export-legacy-2015.xml"), "--user", "taro"], language: "ja_JP.UTF-8")
        #expect(japanese.status == 0, "\(japanese.error)")
        #expect(japanese.output.contains("プロフィール: 生年月日と性別をヘルスケアの書き出しデータから設定しました"))
    }
}

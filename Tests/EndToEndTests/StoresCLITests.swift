import Foundation
import Testing
import TestSupport

/// `kiroku stores …` run as an operator would, against a temporary data directory.
@Suite(.timeLimit(.minutes(5))) struct StoresCLITests {
    let cli = CLITests()

    @Test func listObserveShowAndFilter() throws {
        let list = try cli.kiroku(["stores", "list", "--color", "never"])
        #expect(list.status == 0, "\(list.error)")
        #expect(list.output.split(separator: "\n").count == 36, "a header and 35 stores")
        #expect(list.output.contains("浜松篠ケ瀬店"))

        let observed = try cli.kiroku(["stores", "observe", "gotemba-ic", "75", "--groups", "20"], language: "ja_JP.UTF-8")
        #expect(observed.status == 0, "\(observed.error)")
        #expect(observed.output.contains("記録しました: gotemba-ic 75分待ち"))
        let bad = try cli.kiroku(["stores", "observe", "gotemba-ic", "5000"])
        #expect(bad.status != 0)
        #expect(bad.error.contains("0–1440"))
        let unknown = try cli.kiroku(["stores", "show", "atlantis"], language: "ja_JP.UTF-8")
        #expect(unknown.status != 0)
        #expect(unknown.error.contains("店舗「atlantis」は存在しません"))

        let near = try cli.kiroku(["stores", "list", "--near", "35.3,138.93", "--region", "tobu", "--color", "always"])
        let rows = near.output.split(separator: "\n")
        #expect(rows.count == 8)
        #expect(rows[1].hasPrefix("gotemba-ic"))
        #expect(rows[1].contains("807 m"))
        let hamamatsu = try cli.kiroku(["stores", "list", "--region", "浜松", "--color", "never"])
        #expect(hamamatsu.output.split(separator: "\n").count == 13)
        #expect(try cli.kiroku(["stores", "list", "--region", "tokyo"]).status != 0)

        let show = try cli.kiroku(["stores", "show", "gotemba-ic"], language: "ja_JP.UTF-8")
        #expect(show.output.contains("電話: 0550-82-8855"))
        #expect(show.output.contains("営業時間（1週間）"))
    }

    @Test func loadValidatesAndSummarisesTheChanges() throws {
        let file = TestFiles.directory.appendingPathComponent("stores-\(UUID().uuidString).json")
        let stores: [[String: Any]] = [
            ["id": "sasagase", "name": "浜松篠ケ瀬店", "region": "hamamatsu", "municipality": "浜松市", "phone": "053-000-0000"],
            ["id": "izunokuni", "name": "伊豆の国店", "region": "tobu", "municipality": "伊豆の国市", "hours": "chain"],
        ]
        try JSONSerialization.data(withJSONObject: stores).write(to: file)
        let dry = try cli.kiroku(["stores", "load", file.path, "--dry-run"])
        #expect(dry.status == 0, "\(dry.error)")
        #expect(dry.output.contains("added 1 (izunokuni), changed 1 (sasagase), removed 34"))
        #expect(try cli.kiroku(["stores", "list", "--color", "never"]).output.split(separator: "\n").count == 36, "a dry run saves nothing")
        let loaded = try cli.kiroku(["stores", "load", file.path])
        #expect(loaded.output.contains("added 1"))
        #expect(try cli.kiroku(["stores", "list", "--color", "never"]).output.split(separator: "\n").count == 3)

        let broken: [[String: Any]] = [["id": "Bad Id", "name": "", "region": "tobu", "municipality": "x", "hours": "always"]]
        try JSONSerialization.data(withJSONObject: broken).write(to: file)
        let refused = try cli.kiroku(["stores", "load", file.path])
        #expect(refused.status != 0)
        #expect(refused.error.contains("ids use a–z"))
        #expect(refused.error.contains("unknown hours “always”"))
        #expect(try cli.kiroku(["stores", "list", "--color", "never"]).output.split(separator: "\n").count == 3, "refused: nothing changed")
    }

    @Test func operatorTokensAreCreatedListedAndRevoked() throws {
        let created = try cli.kiroku(["stores", "operator-token", "create", "feed-host"])
        #expect(created.status == 0, "\(created.error)")
        #expect(created.output.hasPrefix("kop_"))
        let list = try cli.kiroku(["stores", "operator-token", "list"])
        #expect(list.output.contains("feed-host"))
        #expect(!list.output.contains(created.output.trimmingCharacters(in: .whitespacesAndNewlines)), "the secret is never listed")
        #expect(try cli.kiroku(["stores", "operator-token", "revoke", "1"]).status == 0)
        #expect(try cli.kiroku(["stores", "operator-token", "revoke", "1"]).status != 0)
    }
}

import Foundation
import Testing
import TestSupport

/// The `kiroku` command line, run as a person would, against a temporary data directory.
@Suite(.timeLimit(.minutes(5))) struct CLITests {
    struct Run {
        let status: Int32
        let output: String
        let error: String
    }

    let dataDirectory = TestFiles.directory.appendingPathComponent("kiroku-cli-\(UUID().uuidString)").path

    func kiroku(_ arguments: [String], input: String? = nil, language: String = "en_US.UTF-8") throws -> Run {
        let binary = try #require(Programs.kiroku, "build kiroku first: swift build --build-tests")
        let arguments = arguments + (arguments.contains("--help") ? [] : ["--data-dir", dataDirectory])
        let run = try Programs.run(binary.path, arguments, input: input, environment: ["LANG": language], unsetting: ["LC_ALL", "LC_MESSAGES"])
        return Run(status: run.status, output: run.output, error: run.error)
    }

    @Test func createAUserRecordAWeightListAndExportIt() throws {
        let created = try kiroku(["user", "create", "hanako", "--password-stdin"], input: "correct horse battery\n")
        #expect(created.status == 0, "\(created.error)")
        #expect(try kiroku(["user", "list"]).output.contains("hanako"))

        let added = try kiroku(["records", "add", "--metric", "weight", "--value", "70.2", "--unit", "kg", "--at", "2026-01-15T07:30:00+09:00", "--user", "hanako"])
        #expect(added.status == 0, "\(added.error)")
        #expect(added.output.contains("Saved: Weight 70.2 kg"))

        let pounds = try kiroku(["record", "add", "--metric", "weight", "--value", "154.32", "--unit", "lb", "--at", "2026-01-16T07:30:00+09:00", "--user", "hanako"], language: "ja_JP.UTF-8")
        #expect(pounds.output.contains("保存しました: 体重 70"))

        let list = try kiroku(["records", "list", "--user", "hanako"])
        #expect(list.output.contains("70.2"))
        #expect(list.output.split(separator: "\n").count == 3)

        let csv = try kiroku(["export", "--user", "hanako", "--format", "csv"])
        let lines = csv.output.split(separator: "\r\n")
        #expect(lines.first?.hasPrefix("\u{FEFF}id,metric,value,unit") == true, "a byte-order mark so Excel reads UTF-8")
        #expect(lines.count == 3)
        #expect(csv.output.contains(",2026-01-16 07:30:00,"), "times on the user's clock")
        let plain = try kiroku(["export", "--user", "hanako", "--format", "csv", "--no-bom"])
        #expect(plain.output.hasPrefix("id,metric,"))
        let json = try kiroku(["export", "--user", "hanako", "--format", "json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        #expect((document["records"] as? [Any])?.count == 2)
    }

    @Test func badInputIsExplainedInTheTerminalsLanguageAndStoresNothing() throws {
        _ = try kiroku(["user", "create", "hanako", "--password-stdin"], input: "correct horse battery\n")
        let english = try kiroku(["record", "add", "--metric", "weight", "--value", "29.9", "--user", "hanako"])
        #expect(english.status != 0)
        #expect(english.error.contains("30"))
        let japanese = try kiroku(["record", "add", "--metric", "weight", "--value", "29.9", "--user", "hanako"], language: "ja_JP.UTF-8")
        #expect(japanese.status != 0)
        #expect(japanese.error.contains("体重"))
        let unknown = try kiroku(["record", "add", "--metric", "happiness", "--value", "1", "--user", "hanako"])
        #expect(unknown.status != 0)
        let nobody = try kiroku(["record", "add", "--metric", "weight", "--value", "60", "--user", "nobody"])
        #expect(nobody.error.contains("No user named"))
        let shortPassword = try kiroku(["user", "create", "taro", "--password-stdin"], input: "short\n")
        #expect(shortPassword.status != 0)
        #expect(shortPassword.error.contains("10 characters"))
        let impossible = try kiroku(["record", "add", "--metric", "weight", "--value", "60", "--at", "2026-02-30T07:00:00+09:00", "--user", "hanako"])
        #expect(impossible.status != 0)
        #expect(impossible.error.contains("--at: “2026-02-30T07:00:00+09:00” is not a valid date and time (February 2026 has 28 days, not 30)"))
        let list = try kiroku(["records", "list", "--user", "hanako"])
        #expect(list.output.split(separator: "\n").count == 1, "only the header: nothing was stored")
    }

    @Test func anOperatorCanResetAForgottenPassword() throws {
        _ = try kiroku(["user", "create", "hanako", "--password-stdin"], input: "correct horse battery\n")
        let short = try kiroku(["user", "password", "hanako", "--password-stdin"], input: "short\n")
        #expect(short.status != 0)
        let reset = try kiroku(["user", "password", "hanako", "--password-stdin"], input: "another long secret\n")
        #expect(reset.status == 0, "\(reset.error)")
        #expect(reset.output.contains("Changed the password"))
        let nobody = try kiroku(["user", "password", "nobody", "--password-stdin"], input: "another long secret\n")
        #expect(nobody.status != 0)
    }

    @Test func planATaskTickStepsAndExportFromTheTerminal() throws {
        _ = try kiroku(["user", "create", "taro", "--password-stdin"], input: "correct horse battery\n")
        let added = try kiroku(["tasks", "add", "--user", "taro", "引っ越し", "--step", "箱を買う", "--step", "荷造り", "--tag", "home"], language: "ja_JP.UTF-8")
        #expect(added.status == 0, "\(added.error)")
        #expect(added.output.contains("作成しました（ID 1、ステップ 2 個）"))

        let done = try kiroku(["tasks", "step", "done", "--user", "taro", "1", "1"])
        #expect(done.output.contains("[x] 箱を買う"))
        #expect(done.output.contains("50%"))
        let finished = try kiroku(["tasks", "step", "done", "--user", "taro", "1", "2"])
        #expect(finished.output.contains("Every step is done"))
        let undone = try kiroku(["tasks", "step", "undo", "--user", "taro", "1", "2"])
        #expect(undone.output.contains("[ ] 荷造り"))

        let added3 = try kiroku(["tasks", "step", "add", "--user", "taro", "1", "運ぶ"])
        #expect(added3.output.contains("1/3"))
        let list = try kiroku(["tasks", "list", "--user", "taro", "--filter", "in-progress"])
        #expect(list.output.contains("引っ越し"))
        #expect(list.output.contains("Overall:"))
        let shown = try kiroku(["tasks", "show", "--user", "taro", "1"])
        #expect(shown.output.contains("運ぶ"))

        let empty = try kiroku(["tasks", "step", "add", "--user", "taro", "1", "  "], language: "ja_JP.UTF-8")
        #expect(empty.status != 0)
        #expect(empty.error.contains("ステップ名を入力してください。"))
        let missing = try kiroku(["tasks", "show", "--user", "taro", "99"])
        #expect(missing.status != 0)
        #expect(missing.error.contains("Task 99 was not found."))

        let csv = try kiroku(["tasks", "export", "--user", "taro", "--format", "csv"])
        #expect(csv.output.split(separator: "\r\n").count == 4)
        let json = try kiroku(["tasks", "export", "--user", "taro"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        #expect((document["tasks"] as? [[String: Any]])?.first?["title"] as? String == "引っ越し")
    }

    @Test func demoCreatesAnAccountFullOfHistoryOnce() throws {
        let demo = try kiroku(["demo", "--days", "30"])
        #expect(demo.status == 0, "\(demo.error)")
        #expect(demo.output.contains("username demo"))
        let list = try kiroku(["records", "list", "--user", "demo", "--metric", "steps", "--limit", "100"])
        #expect(list.output.split(separator: "\n").count == 31)
        let again = try kiroku(["demo", "--days", "30"])
        #expect(again.output.contains("already exists"))
    }

    @Test(arguments: [
        ["--help"], ["serve", "--help"], ["user", "create", "--help"], ["user", "password", "--help"], ["user", "list", "--help"], ["record", "add", "--help"],
        ["records", "list", "--help"], ["token", "create", "--help"], ["export", "--help"], ["demo", "--help"],
        ["tasks", "--help"], ["tasks", "add", "--help"], ["tasks", "step", "done", "--help"], ["tasks", "export", "--help"],
    ])
    func everyCommandExplainsItself(arguments: [String]) throws {
        let help = try kiroku(arguments)
        #expect(help.status == 0)
        #expect(help.output.contains("USAGE"))
    }
}

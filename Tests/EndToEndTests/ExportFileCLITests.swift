import Foundation
import Testing

/// `kiroku export -o FILE` and `kiroku unseal … -o FILE` say, in the terminal's language, where the file went: a
/// silent success looked the same as nothing having happened.
@Suite(.timeLimit(.minutes(3))) struct ExportFileCLITests {
    let cli = CLITests()

    @Test func exportingToAFileSaysWhereAndHowBigInJapaneseAndEnglish() throws {
        _ = try cli.kiroku(["user", "create", "hanako", "--password-stdin"], input: "correct horse battery\n")
        _ = try cli.kiroku(["record", "add", "--user", "hanako", "--metric", "weight", "--value", "58.2"])
        let file = cli.dataDirectory + "-export.json"

        let english = try cli.kiroku(["export", "--user", "hanako", "-o", file])
        #expect(english.status == 0, "\(english.error)")
        let size = try #require(try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int)
        let grouped = size.formatted(.number.locale(Locale(identifier: "en_US")))
        #expect(english.output.contains("Wrote the export of “hanako” to \(file) (\(grouped) bytes)."), "\(english.output)")

        let japanese = try cli.kiroku(["export", "--user", "hanako", "-o", file], language: "ja_JP.UTF-8")
        #expect(japanese.output.contains("「hanako」のエクスポートを \(file) に書き出しました"), "\(japanese.output)")

        let toTerminal = try cli.kiroku(["export", "--user", "hanako"])
        #expect(toTerminal.output.hasPrefix("{"), "without -o, standard output is the export alone")
        #expect(!toTerminal.output.contains("Wrote the export"))

        let sealed = cli.dataDirectory + "-export.sealed"
        let opened = cli.dataDirectory + "-opened.json"
        _ = try cli.kiroku(["export", "--user", "hanako", "--encrypt", "-o", sealed], input: "a long passphrase\n")
        let binary = try #require(Programs.kiroku)
        let unsealed = try Programs.run(binary.path, ["unseal", sealed, "-o", opened], input: "a long passphrase\n", environment: ["LANG": "en_US.UTF-8"])
        #expect(unsealed.status == 0, "\(unsealed.error)")
        #expect(unsealed.output.contains("Opened \(sealed) into \(opened)."), "\(unsealed.output)")
    }
}

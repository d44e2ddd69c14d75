import Foundation
import Testing
import TestSupport

/// What a QA tour of the command line found: numbers that wrapped round, raw Foundation errors, a name two backups
/// wanted at once, a missing --version, raw status names, a limit of 0 that listed one row.
@Suite(.timeLimit(.minutes(5))) struct EdgeCasesCLITests {
    let dataDirectory = TestFiles.directory.appendingPathComponent("kiroku-cli-edges-\(UUID().uuidString)").path

    /// Runs `kiroku`; `timeout` is short so a command that should have been refused, but serves instead, fails the
    /// test rather than holding it.
    func kiroku(
        _ arguments: [String], input: String? = nil, language: String = "en_US.UTF-8", environment: [String: String] = [:], timeout: TimeInterval = 60
    ) throws -> CLITests.Run {
        let binary = try #require(Programs.kiroku, "build kiroku first: swift build --build-tests")
        let arguments = arguments.first == "help" ? arguments : arguments + ["--data-dir", dataDirectory]
        let run = try Programs.run(
            binary.path, arguments, input: input, environment: environment.merging(["LANG": language]) { _, new in new },
            unsetting: ["LC_ALL", "LC_MESSAGES", "KIROKU_PORT", "KIROKU_MAX_CONNECTIONS"].filter { environment[$0] == nil }, timeout: timeout
        )
        return CLITests.Run(status: run.status, output: run.output, error: run.error)
    }

    func createUser(_ name: String) throws {
        let created = try kiroku(["user", "create", name, "--password-stdin"], input: "correct horse battery\n")
        #expect(created.status == 0, "\(created.error)")
    }

    // MARK: 1. Ports and other numbers

    @Test(arguments: [["--port", "99999"], ["--port", "70000"], ["--port", "0"], ["--port=-1"]])
    func serveRefusesAPortOutsideTheRange(arguments: [String]) throws {
        let refused = try kiroku(["serve"] + arguments, timeout: 20)
        #expect(refused.status == 64, "exit 64 like any invalid option, not a server on port \(arguments) mod 65536: \(refused.error)")
        #expect(refused.error.contains("--port must be a port number from 1 to 65535"), "\(refused.error)")
        #expect(refused.error.contains("1〜65535"), "both languages, as serve's other checks")
    }

    @Test func serveRefusesAnOutOfRangeOrNonNumericKirokuPort() throws {
        let wrapped = try kiroku(["serve"], environment: ["KIROKU_PORT": "99999"], timeout: 20)
        #expect(wrapped.status == 64, "\(wrapped.error)")
        #expect(wrapped.error.contains("KIROKU_PORT must be a port number from 1 to 65535, not 99999"), "\(wrapped.error)")
        let word = try kiroku(["serve"], environment: ["KIROKU_PORT": "http"], timeout: 20)
        #expect(word.status == 64, "not a silent fall back to 8080: \(word.error)")
        #expect(word.error.contains("KIROKU_PORT must be a port number from 1 to 65535, not http"), "\(word.error)")
    }

    @Test func serveRefusesNumbersThatWouldOverflowOrCrash() throws {
        let hugeImport = try kiroku(["serve", "--max-import-size", "9007199254740992"], timeout: 20)
        #expect(hugeImport.status == 64, "MiB << 20 would wrap: \(hugeImport.error)")
        #expect(hugeImport.error.contains("--max-import-size must be 1–1048576 MiB"))
        let poll = try kiroku(["serve", "--sawayaka-poll-minutes", "9223372036854775807"], timeout: 20)
        #expect(poll.status == 64, "minutes × 60 would overflow: \(poll.error)")
        #expect(poll.error.contains("--sawayaka-poll-minutes must be 1–1440"))
        let connections = try kiroku(["serve"], environment: ["KIROKU_MAX_CONNECTIONS": "1e300"], timeout: 20)
        #expect(connections.status == 64, "Int(1e300) traps: \(connections.error)")
        #expect(connections.error.contains("--max-connections positive"))
    }

    @Test func otherCommandsRefuseOutOfRangeNumbers() throws {
        try createUser("hanako")
        let port = try kiroku(["sync", "configure", "--user", "hanako", "--url", "https://gateway.example", "--port", "70000", "--api-key", "k"])
        #expect(port.status == 64, "\(port.error)")
        #expect(port.error.contains("--port must be a port number from 1 to 65535, not 70000"), "\(port.error)")
        let days = try kiroku(["demo", "--days", "0"])
        #expect(days.status == 64, "\(days.error)")
        #expect(days.error.contains("--days must be 1–3650"))
        let history = try kiroku(["sync", "history", "--user", "hanako", "--limit=-1"])
        #expect(history.status == 64, "\(history.error)")
    }

    // MARK: 2. Import of what is not a file

    @Test func importOfAFolderOrAMissingPathSaysSoInBothLanguages() throws {
        try createUser("bob")
        let folder = TestFiles.directory.appendingPathComponent("apple_health_export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let english = try kiroku(["import", folder.path, "--user", "bob"])
        #expect(english.status == 1)
        #expect(english.error.contains("“\(folder.path)” is a folder: choose the export.zip, an export.xml or a CSV."), "\(english.error)")
        #expect(!english.error.contains("NSCocoaErrorDomain"))
        let japanese = try kiroku(["import", folder.path, "--user", "bob"], language: "ja_JP.UTF-8")
        #expect(japanese.status == 1)
        #expect(japanese.error.contains("はフォルダです。export.zip、export.xml または CSV を指定してください。"), "\(japanese.error)")

        let missing = try kiroku(["import", folder.appendingPathComponent("export.zip").path, "--user", "bob"])
        #expect(missing.status == 1)
        #expect(missing.error.contains("does not exist"), "\(missing.error)")
        let missingJa = try kiroku(["import", folder.appendingPathComponent("export.zip").path, "--user", "bob"], language: "ja_JP.UTF-8")
        #expect(missingJa.error.contains("はありません"), "\(missingJa.error)")
    }

    // MARK: 3. Backups in the same second

    /// BackupService's folder name for `date`: kiroku-backup-yyyyMMdd-HHmmssZ.
    static func backupName(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        return "kiroku-backup-" + formatter.string(from: date) + "Z"
    }

    @Test func aBackupWhoseSecondIsTakenGetsTheNextFreeNameAndPruningKeepsTheNewest() throws {
        try createUser("hanako")
        let target = TestFiles.directory.appendingPathComponent("backups-\(UUID().uuidString)")
        // A backup already named after this second, as one taken a moment earlier would be.
        let taken = Self.backupName(Date())
        try FileManager.default.createDirectory(at: target.appendingPathComponent(taken), withIntermediateDirectories: true)
        let backup = try kiroku(["backup", "--to", target.path, "--keep", "1"])
        #expect(backup.status == 0, "not NSCocoaErrorDomain 516: \(backup.error)")
        let names = try FileManager.default.contentsOfDirectory(atPath: target.path).filter { !$0.hasPrefix(".") }.sorted()
        // Same second: "<taken>-02"; a later one: its own second. Either sorts after the taken name, so --keep 1 keeps it.
        #expect(names.count == 1, "\(names)")
        let made = try #require(names.last)
        #expect(made > taken && made.hasPrefix("kiroku-backup-"), "\(made)")
        #expect(backup.output.contains(made))
        #expect(FileManager.default.fileExists(atPath: target.appendingPathComponent(made).appendingPathComponent("manifest.json").path))
    }

    @Test func twoBackupsAtOnceBothSucceed() async throws {
        try createUser("hanako")
        let target = TestFiles.directory.appendingPathComponent("backups-\(UUID().uuidString)").path
        async let first = Task.detached { try kiroku(["backup", "--to", target]) }.value
        async let second = Task.detached { try kiroku(["backup", "--to", target]) }.value
        let runs = try await [first, second]
        for run in runs {
            #expect(run.status == 0, "\(run.error)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: target).filter { $0.hasPrefix("kiroku-backup-") }.count == 2)
    }

    /// A data directory without uploads backs up one file, the database: English says "1 file", not "1 files";
    /// Japanese has no plural.
    @Test func aBackupOfOneFileSaysFileInTheSingular() throws {
        try createUser("hanako")
        let target = TestFiles.directory.appendingPathComponent("backups-\(UUID().uuidString)").path
        let english = try kiroku(["backup", "--to", target])
        #expect(english.status == 0, "\(english.error)")
        let manifest = try #require(FileManager.default.contentsOfDirectory(atPath: target).first { $0.hasPrefix("kiroku-backup-") })
        let data = try Data(contentsOf: URL(fileURLWithPath: target).appendingPathComponent(manifest).appendingPathComponent("manifest.json"))
        let files = try #require((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["files"] as? [Any])
        #expect(files.count == 1, "only the database: \(files)")
        #expect(english.output.contains("(1 file, "), "\(english.output)")
        #expect(!english.output.contains("1 files"), "\(english.output)")
        let japanese = try kiroku(["backup", "--to", target], language: "ja_JP.UTF-8")
        #expect(japanese.status == 0, "\(japanese.error)")
        #expect(japanese.output.contains("（1 ファイル、"), "\(japanese.output)")
    }

    @Test func backupRefusesKeepZero() throws {
        let refused = try kiroku(["backup", "--keep", "0"])
        #expect(refused.status == 64, "\(refused.error)")
        #expect(refused.error.contains("--keep must be 1 or more"), "\(refused.error)")
        #expect(refused.error.contains("--keep は 1 以上"))
    }

    // MARK: 4. --version and unknown commands

    @Test func versionIsPrinted() throws {
        let version = try kiroku(["--version"])
        #expect(version.status == 0, "\(version.error)")
        let line = version.output.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(line.split(separator: ".").count == 3 && line.split(separator: ".").allSatisfy { Int($0) != nil }, "x.y.z: \(version.output)")
    }

    @Test func anUnknownCommandIsNamedNotTakenForServe() throws {
        let unknown = try kiroku(["frobnicate"], timeout: 20)
        #expect(unknown.status == 64, "\(unknown.error)")
        #expect(unknown.error.contains("Unknown command “frobnicate”"), "\(unknown.error)")
        #expect(unknown.error.contains("serve, user, backup"))
        #expect(!unknown.error.contains("Usage: kiroku serve"))
        let japanese = try kiroku(["frobnicate"], language: "ja_JP.UTF-8", timeout: 20)
        #expect(japanese.error.contains("「frobnicate」というコマンドはありません"), "\(japanese.error)")
        // Aliases and the built-in help still work.
        #expect(try kiroku(["record", "list", "--user", "nobody"]).error.contains("No user named"))
        #expect(try kiroku(["help", "backup"]).output.contains("USAGE"))
    }

    @Test(arguments: [
        (["records", "frobnicate"], "kiroku records", "add, list"),
        (["record", "frobnicate"], "kiroku record", "add, list"),
        (["sync", "bogus"], "kiroku sync", "configure, run, status, history, daemon"),
        (["stores", "operator-token", "bogus"], "kiroku stores operator-token", "create, list, revoke"),
    ])
    func anUnknownNestedCommandIsNamedWithTheCommandsThatExist(arguments: [String], parent: String, commands: String) throws {
        let typed = arguments.joined(separator: " ")
        let unknown = try kiroku(arguments, timeout: 20)
        #expect(unknown.status == 64, "\(unknown.error)")
        #expect(unknown.error.contains("Unknown command “\(typed)”. Commands of \(parent): \(commands) (see \(parent) --help)."), "\(unknown.error)")
        #expect(!unknown.error.contains("Unexpected argument"), "not argument-parser's English-only error")
        let japanese = try kiroku(arguments, language: "ja_JP.UTF-8", timeout: 20)
        #expect(japanese.status == 64)
        #expect(japanese.error.contains("「\(typed)」というコマンドはありません。\(parent) で使えるコマンド: \(commands)"), "\(japanese.error)")
    }

    @Test func wordsACommandTakesAreNotTakenForCommands() throws {
        // A leaf command's own arguments, and options before a subcommand's name, pass on to argument-parser.
        let missing = try kiroku(["goals", "accept", "no-such-suggestion", "--user", "nobody"])
        #expect(missing.error.contains("No user named"), "\(missing.error)")
        #expect(try kiroku(["records", "--help"]).output.contains("USAGE"))
    }

    // MARK: 5. Goal statuses in words

    @Test func goalsListNamesTheStatusInTheTerminalsLanguage() throws {
        try createUser("natsu")
        #expect(try kiroku(["records", "add", "--user", "natsu", "--metric", "weight", "--value", "61.5"]).status == 0)
        #expect(try kiroku(["goals", "add", "--user", "natsu", "--metric", "bodyMass", "--direction", "atMost", "--target", "58"]).status == 0)
        let english = try kiroku(["goals", "list", "--user", "natsu"])
        #expect(english.output.contains("On track"), "\(english.output)")
        #expect(!english.output.contains("onTrack"))
        let japanese = try kiroku(["goals", "list", "--user", "natsu"], language: "ja_JP.UTF-8")
        #expect(japanese.output.contains("順調"), "\(japanese.output)")
        #expect(!japanese.output.contains("onTrack"))
    }

    // MARK: 6. records list --limit

    @Test func recordsListShowsExactlyTheLimitItWasGiven() throws {
        #expect(try kiroku(["demo", "--days", "200"]).status == 0)
        let none = try kiroku(["records", "list", "--user", "demo", "--limit", "0"])
        #expect(none.status == 0, "\(none.error)")
        #expect(none.output.split(separator: "\n").count == 1, "only the header: \(none.output)")
        let negative = try kiroku(["records", "list", "--user", "demo", "--limit=-1"])
        #expect(negative.status == 64)
        #expect(negative.error.contains("--limit must be 0 or more"))
        // More than one page of the database (1000 rows): every record asked for, none missing or repeated.
        let exported = try kiroku(["export", "--user", "demo", "--format", "csv"]).output.split(separator: "\r\n").count - 1
        #expect(exported > 1_000)
        let all = try kiroku(["records", "list", "--user", "demo", "--limit", "100000"]).output.split(separator: "\n").dropFirst()
        #expect(all.count == exported)
        #expect(Set(all.map { $0.split(separator: " ").first ?? "" }).count == exported, "ids are unique")
        let some = try kiroku(["records", "list", "--user", "demo", "--limit", "1001"]).output.split(separator: "\n")
        #expect(some.count == 1_002)
    }
}

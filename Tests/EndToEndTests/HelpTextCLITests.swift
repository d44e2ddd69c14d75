import Foundation
import Testing
import TestSupport

/// Every `kiroku … --help`, found by following each command's SUBCOMMANDS list from the top, reads as written for a
/// person: it says how to use the command, names each option's default once, and never shows a Swift value's
/// inner form (such as `BackupInterval(seconds: 86400)`) where a default should be.
@Suite(.timeLimit(.minutes(5))) struct HelpTextCLITests {
    func help(_ command: [String]) throws -> (status: Int32, output: String) {
        let binary = try #require(Programs.kiroku, "build kiroku first: swift build --build-tests")
        let run = try Programs.run(binary.path, command + ["--help"], environment: ["LANG": "en_US.UTF-8"], unsetting: ["LC_ALL", "LC_MESSAGES"])
        return (run.status, run.output)
    }

    /// The commands a help text lists under SUBCOMMANDS (first names only: `records, record` is one command).
    static func subcommands(in help: String) -> [String] {
        guard let start = help.range(of: "SUBCOMMANDS:\n") else { return [] }
        let list = help[start.upperBound...].components(separatedBy: "\n\n").first ?? ""
        return list.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("  "), !line.hasPrefix("   ") else { return nil }
            return line.dropFirst(2).split(whereSeparator: { $0 == " " || $0 == "," }).first.map(String.init)
        }
    }

    /// Each option's entry, its wrapped lines joined: "--backup-keep <backup-keep> How many backups to keep. (default: 7)".
    static func optionEntries(in help: String) -> [String] {
        var entries: [String] = []
        var current: String?
        for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("  -") {
                if let current { entries.append(current) }
                current = line.trimmingCharacters(in: .whitespaces)
            } else if line.hasPrefix("    "), let entry = current {
                current = entry + " " + line.trimmingCharacters(in: .whitespaces)
            } else {
                if let current { entries.append(current) }
                current = nil
            }
        }
        if let current { entries.append(current) }
        return entries
    }

    @Test func everyHelpTextNamesEachDefaultOnceAndReadably() throws {
        var pending: [[String]] = [[]]
        var visited = 0
        while let command = pending.popLast() {
            let (status, output) = try help(command)
            let name = (["kiroku"] + command).joined(separator: " ")
            #expect(status == 0, "\(name) --help")
            #expect(output.contains("USAGE"), "\(name) --help")
            for entry in Self.optionEntries(in: output) {
                #expect(entry.components(separatedBy: "default").count <= 2, "\(name): the default is named twice in “\(entry)”")
                #expect(entry.range(of: #"[A-Z][A-Za-z]+\([a-z]+:"#, options: .regularExpression) == nil, "\(name): a Swift value in “\(entry)”")
            }
            pending += Self.subcommands(in: output).map { command + [$0] }
            visited += 1
        }
        #expect(visited > 40, "the walk reached every command (\(visited))")
    }

    @Test func theScheduledBackupIntervalShowsItsDefaultAsTyped() throws {
        let entry = Self.optionEntries(in: try help(["serve"]).output).first { $0.hasPrefix("--backup-every") }
        #expect(entry?.hasSuffix("(default: 24h)") == true, "\(entry ?? "no --backup-every")")
    }
}

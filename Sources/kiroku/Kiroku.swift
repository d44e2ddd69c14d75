import ArgumentParser
import Foundation
import Health

@main
struct Kiroku: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kiroku",
        abstract: "Kiroku (記録): self-hosted health and habit records.",
        discussion: "Every command works on the local data directory (--data-dir, or KIROKU_DATA_DIR; default ./.kiroku).",
        version: KirokuVersion.current,
        subcommands: [Serve.self, UserCommand.self, BackupCommand.self, RestoreCommand.self, RecordsCommand.self, TokenCommand.self, ExportCommand.self, UnsealCommand.self, DemoCommand.self, ImportCommand.self, TasksCommand.self, SyncCommand.self, StoresCommand.self, WorkoutsCommand.self, StreaksCommand.self, BadgesCommand.self, ShareCardCommand.self, GoalsCommand.self, RemindersCommand.self, TrendsCommand.self, InsightsCommand.self, ReportCommand.self, IngestCommand.self, GatewayKeyCommand.self],
        defaultSubcommand: Serve.self
    )
}

extension Kiroku {
    /// Parses and runs the command line as swift-argument-parser does, except that a first word naming no command
    /// is refused as an unknown command, instead of being taken as an argument of the default command (`serve`),
    /// whose usage would then be all the person sees.
    static func main() async {
        if let word = CommandLine.arguments.dropFirst().first, let message = unknownCommand(word) {
            FileHandle.standardError.write(Data((message.text(in: .terminal) + "\n").utf8))
            Foundation.exit(ExitCode.validationFailure.rawValue)
        }
        await main(nil)
    }

    /// The message for a first argument that is neither an option nor a command's name or alias; nil otherwise.
    static func unknownCommand(_ word: String) -> LocalizedText? {
        guard !word.hasPrefix("-") else { return nil }
        var names: [String] = []
        var known: Set<String> = ["help"]
        for command in configuration.subcommands {
            let name: String = command._commandName
            names.append(name)
            known.insert(name)
            known.formUnion(command.configuration.aliases)
        }
        guard !known.contains(word) else { return nil }
        let list = names.joined(separator: ", ")
        return LocalizedText(
            ja: "「\(word)」というコマンドはありません。使えるコマンド: \(list)（詳しくは kiroku --help）",
            en: "Unknown command “\(word)”. Commands: \(list) (see kiroku --help)."
        )
    }
}

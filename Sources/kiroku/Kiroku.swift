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
    /// Parses and runs the command line as swift-argument-parser does, except that a word naming no command where a
    /// command is expected (`kiroku frobnicate`, `kiroku records frobnicate`) is refused as an unknown command in the
    /// terminal's language, instead of argument-parser's English "Unexpected argument" or, at the top, the usage of
    /// the default command (`serve`), which would be all the person sees.
    static func main() async {
        if let message = unknownCommand(in: Array(CommandLine.arguments.dropFirst())) {
            FileHandle.standardError.write(Data((message.text(in: .terminal) + "\n").utf8))
            Foundation.exit(ExitCode.validationFailure.rawValue)
        }
        await main(nil)
    }

    /// Follows the leading words down the command tree; the message for the first one that names none of the
    /// current command's subcommands (nor an alias), nil when the words reach a command or an option first.
    static func unknownCommand(in arguments: [String]) -> LocalizedText? {
        var command: any ParsableCommand.Type = Kiroku.self
        var path: [String] = []
        for word in arguments {
            let subcommands = command.configuration.subcommands
            // An option ends the commands; a command without subcommands takes the rest as its own arguments.
            guard !word.hasPrefix("-"), word != "help", !subcommands.isEmpty else { return nil }
            if let next = subcommands.first(where: { $0._commandName == word || $0.configuration.aliases.contains(word) }) {
                command = next
                path.append(word)
                continue
            }
            // A default subcommand that takes arguments would be handed this word: it is no command, but no mistake either.
            if let fallback = command.configuration.defaultSubcommand, takesArguments(fallback) { return nil }
            return unknown(word, under: path, commands: subcommands.map { $0._commandName })
        }
        return nil
    }

    static func unknown(_ word: String, under path: [String], commands: [String]) -> LocalizedText {
        let typed = (path + [word]).joined(separator: " ")
        let parent = (["kiroku"] + path).joined(separator: " ")
        let list = commands.joined(separator: ", ")
        return path.isEmpty
            ? LocalizedText(
                ja: "「\(typed)」というコマンドはありません。使えるコマンド: \(list)（詳しくは kiroku --help）",
                en: "Unknown command “\(typed)”. Commands: \(list) (see kiroku --help)."
            )
            : LocalizedText(
                ja: "「\(typed)」というコマンドはありません。\(parent) で使えるコマンド: \(list)（詳しくは \(parent) --help）",
                en: "Unknown command “\(typed)”. Commands of \(parent): \(list) (see \(parent) --help)."
            )
    }

    /// Whether the command declares a positional argument. argument-parser does not say, so its property wrappers
    /// are read from a fresh instance.
    static func takesArguments(_ command: any ParsableCommand.Type) -> Bool {
        Mirror(reflecting: command.init()).children.contains { String(describing: type(of: $0.value)).hasPrefix("Argument<") }
    }
}

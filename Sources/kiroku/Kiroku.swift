import ArgumentParser

@main
struct Kiroku: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kiroku",
        abstract: "Kiroku (記録): self-hosted health and habit records.",
        discussion: "Every command works on the local data directory (--data-dir, or KIROKU_DATA_DIR; default ./.kiroku).",
        subcommands: [Serve.self, UserCommand.self, BackupCommand.self, RestoreCommand.self, RecordsCommand.self, TokenCommand.self, ExportCommand.self, UnsealCommand.self, DemoCommand.self, ImportCommand.self, TasksCommand.self, SyncCommand.self, StoresCommand.self, WorkoutsCommand.self, StreaksCommand.self, BadgesCommand.self, ShareCardCommand.self, GoalsCommand.self, RemindersCommand.self, TrendsCommand.self, InsightsCommand.self, ReportCommand.self, IngestCommand.self, GatewayKeyCommand.self],
        defaultSubcommand: Serve.self
    )
}

import ArgumentParser
import Foundation
import Health
import Logging
import Motivation
import Services

/// `kiroku reminders run --at <ISO 8601 instant>`: one reminder pass over every user, for cron and tests. What the
/// server's scheduler already sent (or another pass did) is never sent again.
struct RemindersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reminders",
        abstract: "Send the reminders that are due.",
        subcommands: [Run.self]
    )

    struct Run: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Run one reminder pass over every user.")
        @OptionGroup var data: DataOptions
        @Option(help: "The instant to run the pass for (ISO 8601); now when left out.") var at: String?
        @Flag(help: "Allow webhooks to private and loopback addresses (tests, a home network).") var allowPrivateWebhooks = false
        @Option(name: .customLong("public-url"), help: "The server's public address, for the webhook's \"record now\" link (env KIROKU_PUBLIC_URL).") var publicURL: String?

        func run() async throws {
            let database = try data.openDatabase()
            let now = try InstantOption.value(at, option: "at", now: Date())
            let service = ReminderService(
                database: database, allowPrivateWebhooks: allowPrivateWebhooks, publicURL: try PublicURLOption.value(publicURL),
                secrets: SecretBox(dataDirectory: data.directoryURL)
            )
            let report = try await service.runPass(now: now, logger: Logger(label: "kiroku.reminders"))
            let parts = ReminderChannel.allCases.map { "\($0.rawValue)=\(report.sent[$0] ?? 0)" }.joined(separator: " ")
            print(LocalizedText(ja: "送信: \(report.total) 件（\(parts)）", en: "Sent: \(report.total) (\(parts))").text(in: .terminal))
        }
    }
}

import ArgumentParser
import Foundation
import Health
import Insights
import Services
import Storage

/// `kiroku insights --user NAME`: the insights page in a terminal.
struct InsightsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "insights",
        abstract: "What the last 90 days support: relationships with their confidence, values worth a check, next steps."
    )

    @OptionGroup var data: DataOptions
    @Option(help: "Owner's username.") var user: String

    func run() async throws {
        let database = try data.openDatabase()
        let owner = try await data.user(user, in: database)
        let language = Language.terminal
        let ja = language == .ja
        let timeZone = owner.resolvedTimeZone
        let overview = try await InsightsService(database: database).insights(
            userId: try owner.savedId, today: LocalDay(Date(), in: timeZone), timeZone: timeZone, target: owner.targetWeightKg
        )
        print((ja ? "気づき " : "Insights ") + "\(overview.window.first) – \(overview.window.last)")
        if overview.result.shown.isEmpty {
            print(ja ? "まだ裏付けのある関係は見つかっていません。" : "No relationship is well supported yet.")
        }
        for insight in overview.result.shown {
            print("[\(insight.kind.rawValue), \(insight.confidence.rawValue)] " + insight.text.text(in: language)
                + String(format: " (ρ = %.2f, q = %.3f, %d)", insight.strength, insight.qValue, insight.days))
        }
        print((ja ? "検定した組み合わせ: " : "Pairs tested: ") + "\(overview.result.tested.count)")
        for advice in overview.advice {
            print("→ " + advice.text.text(in: language))
        }
        for anomaly in overview.anomalies {
            print("⚠︎ " + anomaly.text.text(in: language))
        }
    }
}

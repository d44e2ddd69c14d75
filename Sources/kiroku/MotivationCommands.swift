import ArgumentParser
import Foundation
import Health
import Motivation
import Services
import Storage

/// The options the motivation commands share: whose, and at which instant.
struct MotivationOwner: ParsableArguments {
    @OptionGroup var data: DataOptions
    @Option(help: "Owner's username.") var user: String
    @Option(help: "The instant to compute for (ISO 8601); now when left out.") var at: String?

    func open() async throws -> (MotivationService, Int64, Date) {
        let database = try data.openDatabase()
        let owner = try await data.user(user, in: database)
        return (MotivationService(database: database), try owner.savedId, try InstantOption.value(at, option: "at", now: Date()))
    }
}

/// `kiroku streaks --user NAME`: the current and longest streak, habit strength, and the last 14 days.
struct StreaksCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "streaks", abstract: "Show a user's recording streaks and habit strength.")

    @OptionGroup var owner: MotivationOwner

    func run() async throws {
        let (motivation, userId, now) = try await owner.open()
        let report = try await motivation.streaks(userId: userId, now: now)
        let language = Language.terminal
        let header = language == .ja ? ["項目", "現在", "最長", "習慣の強さ", "直近14日"] : ["METRIC", "CURRENT", "LONGEST", "STRENGTH", "LAST 14 DAYS"]
        let all = language == .ja ? "すべての記録" : "any record"
        let rows = [(all, report.overall)] + report.byMetric.map { (MetricCatalog.metric(named: $0.metric)?.name.text(in: language) ?? $0.metric, $0.summary) }
        print(Table(header: header, rows: rows.map { name, summary in
            [name, String(summary.current), String(summary.longest), "\(Int((summary.strength * 100).rounded()))%", Self.strip(summary)]
        }).render())
    }

    /// ■ recorded, ◆ freeze used, − paused, □ missed, · today not yet.
    static func strip(_ summary: StreakSummary) -> String {
        summary.recentDays(14).map { day in
            switch day.status {
            case .done: "■"
            case .frozen: "◆"
            case .paused: "−"
            case .missed: "□"
            case .pending: "·"
            }
        }.joined()
    }
}

/// `kiroku badges --user NAME`: the badge collection, earned first, with progress toward the rest.
struct BadgesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "badges", abstract: "Show a user's badges and progress toward the rest.")

    @OptionGroup var owner: MotivationOwner

    func run() async throws {
        let (motivation, userId, now) = try await owner.open()
        // What the records earn is stored first, as after any write.
        try await motivation.refreshBadges(userId: userId, now: now)
        let language = Language.terminal
        let header = language == .ja ? ["ID", "バッジ", "ランク", "獲得日", "進み具合"] : ["ID", "BADGE", "TIER", "EARNED", "PROGRESS"]
        let rows = try await motivation.badges(userId: userId, now: now).map { item in
            let filled = item.percent / 10
            return [
                item.badge.id, item.badge.name.text(in: language), item.badge.tier.rawValue,
                item.earnedAt.map { String(Instant.iso8601($0).prefix(10)) } ?? "—",
                String(repeating: "█", count: filled) + String(repeating: "░", count: 10 - filled) + " \(item.percent)%",
            ]
        }
        print(Table(header: header, rows: rows).render())
    }
}

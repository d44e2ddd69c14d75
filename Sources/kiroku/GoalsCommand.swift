import ArgumentParser
import Foundation
import Health
import Motivation
import Services
import Storage

/// `kiroku goals list|add|suggest|accept|dismiss|pace --user NAME`: a user's goals from the terminal.
struct GoalsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "goals",
        abstract: "List, add and get suggestions for a user's goals.",
        subcommands: [List.self, Add.self, Suggest.self, Accept.self, Dismiss.self, Pace.self],
        defaultSubcommand: List.self
    )

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List goals with progress and status.")
        @OptionGroup var owner: MotivationOwner

        func run() async throws {
            let (motivation, userId, now) = try await owner.open()
            let language = Language.terminal
            let header = language == .ja ? ["ID", "項目", "目標", "現在", "進み具合", "状態", "期限"] : ["ID", "METRIC", "TARGET", "NOW", "PROGRESS", "STATUS", "DEADLINE"]
            let rows = try await motivation.goals(userId: userId, now: now).map { standing in
                let row = standing.row
                let percent = Int((standing.evaluation?.progressPercent ?? 0).rounded())
                let filled = max(0, min(10, percent / 10))
                let target = switch row.direction {
                case "atLeast": "≥ \(GoalsCommand.number(row.target))"
                case "atMost": "≤ \(GoalsCommand.number(row.target))"
                default: "\(GoalsCommand.number(row.lower ?? 0))–\(GoalsCommand.number(row.upper ?? 0))"
                }
                return [
                    String(row.id ?? 0), MetricCatalog.metric(named: row.metric)?.name.text(in: language) ?? row.metric, target,
                    standing.current.map(GoalsCommand.number) ?? "—",
                    String(repeating: "█", count: filled) + String(repeating: "░", count: 10 - filled) + " \(percent)%",
                    row.isActive ? (standing.evaluation?.status.name.text(in: language) ?? "—") : GoalsCommand.stopped.text(in: language), row.deadline ?? "—",
                ]
            }
            print(Table(header: header, rows: rows).render())
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add a goal.")
        @OptionGroup var owner: MotivationOwner
        @Option(help: "Metric id, e.g. bodyMass or stepCount.") var metric: String
        @Option(help: "atLeast, atMost or withinRange.") var direction: String
        @Option(help: "Target value (canonical unit).") var target: Double?
        @Option(help: "Lower bound, for withinRange.") var lower: Double?
        @Option(help: "Upper bound, for withinRange.") var upper: Double?
        @Option(help: "Deadline, YYYY-MM-DD.") var deadline: String?

        func run() async throws {
            let (motivation, userId, now) = try await owner.open()
            do {
                let row = try await motivation.createGoal(
                    .init(metric: metric, direction: direction, target: target, lower: lower, upper: upper, deadline: deadline), userId: userId, now: now
                )
                print(LocalizedText(ja: "目標 \(row.id ?? 0) を作成しました。", en: "Created goal \(row.id ?? 0).").text(in: .terminal))
            } catch let error as ServiceError {
                throw CLIError(error.message)
            }
        }
    }

    struct Suggest: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show today's goal suggestions.")
        @OptionGroup var owner: MotivationOwner

        func run() async throws {
            let (motivation, userId, now) = try await owner.open()
            let found = try await motivation.suggestions(userId: userId, now: now)
            if found.isEmpty {
                print(LocalizedText(
                    ja: "今日の提案はありません（2週間のうち10日以上の記録が必要です）。",
                    en: "No suggestions today (they need records on at least 10 of the last 14 days)."
                ).text(in: .terminal))
            }
            for suggestion in found {
                print("\(suggestion.id)  \(suggestion.message.text(in: .terminal))")
            }
        }
    }

    struct Accept: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Accept today's suggestion: it becomes a goal, or changes the goal it adjusts.")
        @OptionGroup var owner: MotivationOwner
        @Argument(help: "The suggestion's id, as goals suggest prints it.") var id: String

        func run() async throws {
            let (motivation, userId, now) = try await owner.open()
            let row = try await GoalsCommand.todays(id) { try await motivation.acceptSuggestion(id: id, userId: userId, now: now) }
            print(LocalizedText(ja: "提案を受け入れました（目標 \(row.id ?? 0)）。", en: "Accepted: goal \(row.id ?? 0).").text(in: .terminal))
        }
    }

    struct Dismiss: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Dismiss today's suggestion: the same kind rests for 14 days.")
        @OptionGroup var owner: MotivationOwner
        @Argument(help: "The suggestion's id, as goals suggest prints it.") var id: String

        func run() async throws {
            let (motivation, userId, now) = try await owner.open()
            try await GoalsCommand.todays(id) { try await motivation.dismissSuggestion(id: id, userId: userId, now: now) }
            print(LocalizedText(ja: "提案を見送りました（14日間は出ません）。", en: "Dismissed (it rests for 14 days).").text(in: .terminal))
        }
    }

    struct Pace: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show or set the weight plan's pace (0.25–1.0 % of body weight a week).")
        @OptionGroup var owner: MotivationOwner
        @Option(help: "The new pace, % of body weight a week (0.25–1.0).") var percent: Double?

        func run() async throws {
            let (motivation, userId, now) = try await owner.open()
            let pace: WeightPace
            if let percent {
                do {
                    pace = try await motivation.setWeightPace(userId: userId, percentPerWeek: percent, now: now)
                } catch let error as MotivationError {
                    throw CLIError(error.message)
                }
            } else {
                pace = try await motivation.weightPace(userId: userId)
            }
            let text = WeightPace.text(pace.percentPerWeek)
            print(LocalizedText(ja: "減量のペース: 体重の週\(text)%", en: "Weight-loss pace: \(text) % of body weight a week").text(in: .terminal))
        }
    }

    /// Runs `action` on today's suggestion `id`; one that is not offered today is said so in both languages.
    @discardableResult
    static func todays<Value>(_ id: String, _ action: () async throws -> Value) async throws -> Value {
        do {
            return try await action()
        } catch ServiceError.notFound {
            throw CLIError(LocalizedText(ja: "今日その提案はありません: \(id)", en: "No such suggestion today: \(id)"))
        }
    }

    /// A goal its owner stopped, in the goals page's words.
    static let stopped = LocalizedText(ja: "終了", en: "Stopped")

    static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
    }
}

import Foundation
import Health

/// Proposes changing a daily goal after two weeks with it (R5): easier when it is mostly out of reach, a little
/// harder when it is met almost every day.
///
/// It looks only at how often the goal was met, never at how far behind the user is: a bad week is never
/// "caught up" by a bigger goal, and a shortfall can only ever lead to an easier one.
public struct GoalAdjuster: Sendable {
    public static let windowDays = 14
    /// Under half the days met: the goal is discouraging rather than motivating.
    public static let easeBelowRate = 0.5
    /// Over 85 % met for two weeks: the goal has become routine.
    public static let raiseAboveRate = 0.85
    /// The raise: +5 %, or +10 % when every day or nearly (≥ 95 %) was met; small enough to stay in reach.
    public static let gentleRaise = 0.05
    public static let strongRaise = 0.10
    public static let strongRaiseFromRate = 0.95

    public init() {}

    /// The share of days with data in the 14 days ending `today` on which the goal was met; nil without data.
    public func achievementRate(goal: Goal, dailyValues: [LocalDay: Double], today: LocalDay) -> Double? {
        let window = values(in: dailyValues, endingOn: today)
        guard !window.isEmpty else { return nil }
        let met = window.count { goal.direction.isMet(by: $0, target: goal.target) }
        return Double(met) / Double(window.count)
    }

    /// `today` is the last day judged: pass finished days only (yesterday during the day), since a day still under
    /// way would count as missed. Values are proposed unrounded; the caller rounds them to the metric's decimals.
    public func adjustment(goal: Goal, dailyValues: [LocalDay: Double], today: LocalDay) -> GoalSuggestion? {
        guard goal.isActive, goal.target > 0, goal.startDay.days(until: today) >= Self.windowDays - 1 else { return nil }
        // "Harder" means a higher floor for an at-least goal and a lower ceiling for an at-most one.
        let harderIsHigher: Bool
        switch goal.direction {
        case .atLeast: harderIsHigher = true
        case .atMost: harderIsHigher = false
        case .withinRange: return nil
        }
        let window = values(in: dailyValues, endingOn: today)
        guard window.count >= SuggestionReadiness.minimumDataDays,
              let rate = achievementRate(goal: goal, dailyValues: dailyValues, today: today)
        else { return nil }
        if rate < Self.easeBelowRate, let median = Percentile.median(window),
           harderIsHigher ? median < goal.target : median > goal.target {
            return suggestion(.easeGoal, goal: goal, to: median, today: today)
        }
        if rate > Self.raiseAboveRate {
            let raise = rate >= Self.strongRaiseFromRate ? Self.strongRaise : Self.gentleRaise
            return suggestion(.raiseGoal, goal: goal, to: goal.target * (harderIsHigher ? 1 + raise : 1 - raise), today: today)
        }
        return nil
    }

    private func values(in dailyValues: [LocalDay: Double], endingOn today: LocalDay) -> [Double] {
        (0..<Self.windowDays).compactMap { dailyValues[today.adding(days: -$0)] }
    }

    private func suggestion(_ kind: SuggestionKind, goal: Goal, to proposed: Double, today: LocalDay) -> GoalSuggestion {
        // A count goal takes whole numbers only (8,001 steps raised 10 % is 8,801.1; a median of two days 7,500.5):
        // the proposal is the whole number its message names, so accepting it stores what was offered.
        let counted = MetricCatalog.metric(named: goal.metricID)?.isCountedInWholeUnits == true
        let target = counted ? proposed.rounded() : proposed
        let value = SuggestionText.whole(target)
        let message = kind == .easeGoal
            ? LocalizedText(
                ja: "目標を\(value)に調整してみませんか？続けやすい目標がいちばんの近道です",
                en: "How about \(value) as your goal for now? A goal you can keep is the quickest way forward."
            )
            : LocalizedText(
                ja: "この2週間、ほぼ毎日達成しています。目標を\(value)に上げてみませんか？",
                en: "You met your goal almost every day for two weeks. Ready to try \(value)?"
            )
        return GoalSuggestion(
            kind: kind,
            metricID: goal.metricID,
            day: today,
            proposal: .changeTarget(goalID: goal.id, from: goal.target, to: target),
            message: message
        )
    }
}

import Foundation

/// What a suggestion proposes, ready to become a goal when the user accepts it.
public enum SuggestionProposal: Sendable, Hashable, Codable {
    case weightPlan(WeightPlan)
    case dailyTargets([WeekdayTarget])
    /// Change an existing goal's target (easing or raising).
    case changeTarget(goalID: String, from: Double, to: Double)
}

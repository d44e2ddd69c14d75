import Foundation

/// The kinds of goal proposal Kiroku makes; part of a suggestion's stable id.
public enum SuggestionKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// A weekly weight-loss pace with step-by-step milestones.
    case weightPlan
    /// A step goal for each weekday, from the user's own recent days.
    case dailySteps
    /// The goal has been out of reach: propose the user's own median instead.
    case easeGoal
    /// The goal is met almost every day: propose a little more.
    case raiseGoal
}

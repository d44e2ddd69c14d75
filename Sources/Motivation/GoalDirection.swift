import Foundation

/// Which way a goal points: more steps, less weight, or staying inside a band (maintenance).
public enum GoalDirection: Sendable, Hashable, Codable {
    /// The value should reach the target or more (steps, active energy).
    case atLeast
    /// The value should come down to the target or less (weight, resting heart rate).
    case atMost
    /// The value should stay between the two bounds, both included (keeping a weight after losing it).
    case withinRange(lower: Double, upper: Double)

    /// Whether `value` already meets a goal of this direction with `target`.
    public func isMet(by value: Double, target: Double) -> Bool {
        switch self {
        case .atLeast: value >= target
        case .atMost: value <= target
        case let .withinRange(lower, upper): min(lower, upper) <= value && value <= max(lower, upper)
        }
    }
}

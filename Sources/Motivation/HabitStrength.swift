import Foundation

/// Loop Habit Tracker's habit strength: a daily exponential smoothing of "did it" (1) and "did not" (0), so that one
/// missed day costs little and two weeks away cost half.
public struct HabitStrength: Sendable, Equatable {
    /// m = 0.5^(1/13): without records the score halves in 13 days.
    public static let dailyMultiplier = pow(0.5, 1.0 / 13.0)

    public private(set) var score: Double

    public init(score: Double = 0) {
        self.score = min(max(score, 0), 1)
    }

    /// One day passes: a day with data pulls the score towards 1, a missed one towards 0.
    public mutating func advance(done: Bool) {
        score = score * Self.dailyMultiplier + (done ? 1 - Self.dailyMultiplier : 0)
    }
}

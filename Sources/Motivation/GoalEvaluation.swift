import Foundation
import Health

/// A goal's progress on one day: what the progress bar and its label show.
public struct GoalEvaluation: Sendable, Hashable, Codable {
    /// 0...100, clamped: a goal overshot is 100 %, a step the wrong way is 0 %.
    public let progressPercent: Double
    /// Where a steady pace from the start day to the deadline would be today; nil without a deadline.
    public let expectedPercent: Double?
    public let status: GoalStatus

    public init(progressPercent: Double, expectedPercent: Double?, status: GoalStatus) {
        self.progressPercent = progressPercent
        self.expectedPercent = expectedPercent
        self.status = status
    }
}

extension Goal {
    /// How many percentage points under the steady pace still count as on track: a day of water weight or a rainy
    /// day of steps should not turn the bar red.
    public static let behindTolerancePercent = 10.0

    /// Evaluates the goal with the current value (today's, or the latest smoothed one) on `today`.
    public func evaluate(current: Double, today: LocalDay, tolerancePercent: Double = Goal.behindTolerancePercent) -> GoalEvaluation {
        let progress = progressPercent(current: current)
        if direction.isMet(by: current, target: target) {
            return GoalEvaluation(progressPercent: 100, expectedPercent: expectedPercent(on: today), status: .achieved)
        }
        guard let expected = expectedPercent(on: today) else {
            return GoalEvaluation(progressPercent: progress, expectedPercent: nil, status: .onTrack)
        }
        let status: GoalStatus = progress + tolerancePercent < expected ? .behind : .onTrack
        return GoalEvaluation(progressPercent: progress, expectedPercent: expected, status: status)
    }

    /// Progress from the start value toward the target, 0...100. A range goal measures the distance to the band.
    public func progressPercent(current: Double) -> Double {
        if direction.isMet(by: current, target: target) { return 100 }
        let ratio: Double
        switch direction {
        case .atLeast, .atMost:
            let span = target - startValue
            guard span != 0 else { return 0 }
            ratio = (current - startValue) / span
        case let .withinRange(lower, upper):
            let startDistance = Self.distance(startValue, toBandFrom: lower, to: upper)
            guard startDistance > 0 else { return 0 }
            ratio = 1 - Self.distance(current, toBandFrom: lower, to: upper) / startDistance
        }
        return min(max(ratio * 100, 0), 100)
    }

    /// The linear expectation: the share of the time to the deadline already gone.
    public func expectedPercent(on today: LocalDay) -> Double? {
        guard let deadline else { return nil }
        let total = startDay.days(until: deadline)
        guard total > 0 else { return 100 }
        let elapsed = Double(startDay.days(until: today)) / Double(total)
        return min(max(elapsed, 0), 1) * 100
    }

    private static func distance(_ value: Double, toBandFrom lower: Double, to upper: Double) -> Double {
        let low = min(lower, upper), high = max(lower, upper)
        if value < low { return low - value }
        if value > high { return value - high }
        return 0
    }
}

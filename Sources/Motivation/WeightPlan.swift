import Foundation
import Health

/// One step of a step-by-step weight goal: lose this share of today's weight, not before this day.
public struct WeightMilestone: Sendable, Hashable, Codable {
    public let percent: Double
    public let targetWeight: Double
    /// The earliest day the milestone can be reached at the plan's pace; a date to aim for, never a deadline.
    public let earliestDay: LocalDay

    public init(percent: Double, targetWeight: Double, earliestDay: LocalDay) {
        self.percent = percent
        self.targetWeight = targetWeight
        self.earliestDay = earliestDay
    }
}

/// A proposed weight-loss plan: the pace and the milestones at 3 %, 5 % and 10 % below the current weight.
public struct WeightPlan: Sendable, Hashable, Codable {
    /// A first target of 3 % is what health guidance suggests; 5 % and 10 % are the usual next steps.
    public static let milestonePercents: [Double] = [3, 5, 10]

    public let currentWeight: Double
    public let pace: WeightPace
    public let kilogramsPerWeek: Double
    public let milestones: [WeightMilestone]

    public init(currentWeight: Double, pace: WeightPace, today: LocalDay) {
        self.currentWeight = currentWeight
        self.pace = pace
        let weekly = pace.kilogramsPerWeek(at: currentWeight)
        self.kilogramsPerWeek = weekly
        self.milestones = Self.milestonePercents.map { percent in
            let loss = currentWeight * percent / 100
            let days = weekly > 0 ? Int((loss / weekly * 7).rounded(.up)) : 0
            return WeightMilestone(
                percent: percent,
                targetWeight: ((currentWeight - loss) * 10).rounded() / 10,
                earliestDay: today.adding(days: days)
            )
        }
    }
}

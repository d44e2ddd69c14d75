import Foundation
import Health

/// A goal the user set (or accepted from a suggestion) for one catalog metric.
///
/// Unlike the seed's model it remembers where the user started, because progress toward "at most 65 kg" only
/// means something measured from the weight the goal began at.
public struct Goal: Sendable, Hashable, Codable, Identifiable {
    public let id: String
    /// A ``Metric`` id from Health's catalog ("bodyMass", "stepCount", …).
    public let metricID: String
    public let direction: GoalDirection
    /// The value to reach; for a range goal, the middle the user aims for.
    public let target: Double
    /// The value when the goal was set.
    public let startValue: Double
    public let startDay: LocalDay
    /// Optional: without one a goal is never "behind".
    public let deadline: LocalDay?
    public let isActive: Bool

    public init(
        id: String,
        metricID: String,
        direction: GoalDirection,
        target: Double,
        startValue: Double,
        startDay: LocalDay,
        deadline: LocalDay? = nil,
        isActive: Bool = true
    ) {
        self.id = id
        self.metricID = metricID
        self.direction = direction
        self.target = target
        self.startValue = startValue
        self.startDay = startDay
        self.deadline = deadline
        self.isActive = isActive
    }
}

import Foundation

/// What earns a badge: a kind of fact and the value it must reach. The first five kinds are the seed's.
public struct BadgeRequirement: Sendable, Hashable, Codable {
    public enum RequirementType: String, Sendable, Hashable, Codable, CaseIterable {
        case consecutiveDays = "連続日数"
        case totalRecords = "総記録数"
        case goalAchievement = "目標達成"
        /// Percent of the starting weight lost.
        case weightLoss = "体重減少"
        case stepsTotal = "歩数合計"
        case workouts = "ワークアウト数"
        /// Steps of step tasks ticked off.
        case stepTasksDone = "完了ステップ数"
        /// Coming back after this many days away.
        case welcomeBack = "おかえり"
        case weeklyGoalMet = "週間目標達成"
        case monthlyGoalMet = "月間目標達成"
    }

    public let type: RequirementType
    public let value: Double
    /// Days the requirement spans, as the seed wrote it for streaks; nil otherwise.
    public let duration: Int?

    public init(type: RequirementType, value: Double, duration: Int? = nil) {
        self.type = type
        self.value = value
        self.duration = duration
    }
}

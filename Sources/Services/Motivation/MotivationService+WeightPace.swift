import Foundation
import Health
import Motivation
import Storage

/// The pace of the user's weight plan (0.25–1.0 % of body weight a week, 0.5 % until they choose): it sets the
/// weight suggestion's weekly loss and milestone dates, and the forecast day of a weight goal.
extension MotivationService {
    public func weightPace(userId: Int64) async throws -> WeightPace {
        guard let row = try await database.weightPlanSetting(userId: userId) else { return .standard }
        return (try? WeightPace(percentPerWeek: row.percentPerWeek)) ?? .standard
    }

    /// Saves the pace; one outside 0.25–1.0 % is refused in both languages and nothing changes. Saving the same
    /// pace again is harmless.
    public func setWeightPace(userId: Int64, percentPerWeek: Double, now: Date) async throws -> WeightPace {
        _ = try await user(userId)
        let pace = try WeightPace(percentPerWeek: percentPerWeek)
        try await database.saveWeightPlanSetting(WeightPlanSettingRow(userId: userId, percentPerWeek: pace.percentPerWeek, updatedAt: now))
        return pace
    }

    /// When an active "at most" weight goal would be reached at the user's pace; nil for other goals, a goal
    /// already met, or one without a current weight.
    func forecastDay(_ row: GoalRow, current: Double?, pace: WeightPace, today: LocalDay) -> LocalDay? {
        guard row.metric == "bodyMass", row.direction == "atMost", row.isActive, let current else { return nil }
        return pace.forecastDay(from: current, to: row.target, today: today)
    }
}

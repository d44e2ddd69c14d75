import Foundation
import Health

/// Proposes first goals from two weeks of the user's own data (R5): a weight-loss pace with milestones, and a
/// step goal per weekday. Returns nothing until ``SuggestionReadiness`` says the data is enough.
public struct GoalSuggester: Sendable {
    /// Steps: the 60th percentile of the last 9 values of the same weekday, an "a little better than usual"
    /// day, as adaptive step-goal studies used.
    public static let stepPercentile = 0.6
    public static let stepSamplesPerWeekday = 9
    /// A step goal rises at most 10 % over last week's goal for the same weekday.
    public static let maximumWeeklyRise = 1.10

    public init() {}

    /// A weight plan from daily weights (kg). The current weight is the median of the last 7 days' weights,
    /// so one salty dinner does not set the plan.
    public func weightPlan(
        dailyWeights: [LocalDay: Double],
        today: LocalDay,
        pace: WeightPace = .standard,
        metricID: String = "bodyMass"
    ) -> GoalSuggestion? {
        let known = dailyWeights.filter { $0.key <= today }
        guard SuggestionReadiness.isReady(dataDays: Set(known.keys), today: today) else { return nil }
        let lastWeek = known.filter { today.days(until: $0.key) > -7 }.map(\.value)
        guard let current = Percentile.median(lastWeek), current > 0 else { return nil }
        let plan = WeightPlan(currentWeight: current, pace: pace, today: today)
        let first = plan.milestones[0]
        let weekly = SuggestionText.kilograms(plan.kilogramsPerWeek)
        let target = SuggestionText.kilograms(first.targetWeight)
        let percent = WeightPace.text(pace.percentPerWeek)
        return GoalSuggestion(
            kind: .weightPlan,
            metricID: metricID,
            day: today,
            proposal: .weightPlan(plan),
            message: LocalizedText(
                ja: "週\(weekly) kg（体重の\(percent)%）のペースで、まずは\(target) kg（-3%）を目指してみませんか？",
                en: "How about \(weekly) kg a week (\(percent) % of your weight), aiming first for \(target) kg (−3 %)?"
            )
        )
    }

    /// A step goal for each weekday. `lastWeekTargets` are the goals in force last week, which cap the rise;
    /// `seasonalFactor` comes from ``SeasonalFactor`` (1 without a year of history).
    public func dailyTargets(
        dailyValues: [LocalDay: Double],
        today: LocalDay,
        lastWeekTargets: [WeekdayTarget] = [],
        seasonalFactor: Double = 1,
        metricID: String = "stepCount"
    ) -> GoalSuggestion? {
        // Today is not over, so its partial count would drag every percentile down.
        let past = dailyValues.filter { $0.key < today }
        let known = Set(dailyValues.keys.filter { $0 <= today })
        guard SuggestionReadiness.isReady(dataDays: known, today: today) else { return nil }
        let factor = min(max(seasonalFactor, SeasonalFactor.bounds.lowerBound), SeasonalFactor.bounds.upperBound)
        let targets: [WeekdayTarget] = (1...7).compactMap { weekday in
            let recent = past.filter { $0.key.weekday == weekday }
                .sorted { $0.key > $1.key }
                .prefix(Self.stepSamplesPerWeekday)
                .map(\.value)
            guard var value = Percentile.of(recent, Self.stepPercentile) else { return nil }
            value *= factor
            if let previous = lastWeekTargets.first(where: { $0.weekday == weekday }) {
                value = min(value, previous.value * Self.maximumWeeklyRise)
            }
            return WeekdayTarget(weekday: weekday, value: (value / 10).rounded(.down) * 10)
        }
        guard !targets.isEmpty else { return nil }
        let typical = Percentile.median(targets.map(\.value)) ?? 0
        let steps = SuggestionText.whole(typical)
        return GoalSuggestion(
            kind: .dailySteps,
            metricID: metricID,
            day: today,
            proposal: .dailyTargets(targets),
            message: LocalizedText(
                ja: "最近の記録から、曜日ごとの目標（1日およそ\(steps)歩）を用意しました",
                en: "From your recent days, here is a goal for each weekday (about \(steps) steps a day)."
            )
        )
    }
}

import Foundation
import Health
import Motivation
import Storage

extension MotivationService {
    /// The share card's content for `language`: earned badges, current streak, % of the first active goal, the
    /// weight trend as an arrow, an encouragement. Weight, BMI, name and dates only when `privacy` ticks each.
    public func shareCard(userId: Int64, privacy: SharePrivacy, language: Language, now: Date) async throws -> ShareCard {
        let user = try await user(userId)
        let timeZone = user.resolvedTimeZone
        let today = RecordDays.today(at: now, in: timeZone)
        let earned = try await badges(userId: userId, now: now).filter(\.isEarned).sorted { ($0.earnedAt ?? now) < ($1.earnedAt ?? now) }.map(\.badge)
        let streak = try await streaks(userId: userId, now: now).overall
        let goal = try await goals(userId: userId, now: now).first { $0.row.isActive && $0.evaluation != nil }
        var facts = ShareCardFacts(earnedBadges: earned, currentStreak: streak.current, goalPercent: goal?.evaluation?.progressPercent)
        if let weight = MetricCatalog.metric(named: "bodyMass") {
            let values = try await dailyValues(userId: userId, metric: weight, timeZone: timeZone, today: today, days: 14)
            let recent = values.filter { today.days(until: $0.key) > -7 }.map(\.value)
            let earlier = values.filter { today.days(until: $0.key) <= -7 }.map(\.value)
            if let latestWeek = Self.median(recent), let weekBefore = Self.median(earlier) {
                facts.trend = abs(latestWeek - weekBefore) < 0.2 ? .flat : (latestWeek > weekBefore ? .up : .down)
                facts.trendMetricName = weight.name
            }
            if let latest = values.max(by: { $0.key < $1.key })?.value {
                facts.weightKilograms = latest
                if let height = user.heightCm, height > 0 { facts.bodyMassIndex = latest / ((height / 100) * (height / 100)) }
            }
        }
        facts.displayName = user.displayName.isEmpty ? user.username : user.displayName
        if let first = streak.timeline.first?.day { facts.period = first...today }
        return ShareCard.make(facts: facts, privacy: privacy, language: language)
    }

    static func median(_ values: [Double]) -> Double? {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return nil }
        let middle = sorted.count / 2
        return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    }
}

import Foundation
import Health

/// Everything a share card could show; what it does show depends on ``SharePrivacy``.
public struct ShareCardFacts: Sendable, Hashable, Codable {
    public var earnedBadges: [Badge]
    public var currentStreak: Int
    /// Progress of the main goal, 0...100; nil without a goal.
    public var goalPercent: Double?
    public var trend: TrendDirection
    /// The metric the trend is about ("bodyMass"), so the card can say "weight" without a number.
    public var trendMetricName: LocalizedText?
    /// Shown only with ``SharePrivacy/showsWeight``.
    public var weightKilograms: Double?
    /// Shown only with ``SharePrivacy/showsBMI``.
    public var bodyMassIndex: Double?
    /// Shown only with ``SharePrivacy/showsName``.
    public var displayName: String?
    /// Shown only with ``SharePrivacy/showsDates``.
    public var period: ClosedRange<LocalDay>?
    /// Shown only with ``SharePrivacy/showsLocation``.
    public var location: String?

    public init(
        earnedBadges: [Badge] = [],
        currentStreak: Int = 0,
        goalPercent: Double? = nil,
        trend: TrendDirection = .flat,
        trendMetricName: LocalizedText? = nil,
        weightKilograms: Double? = nil,
        bodyMassIndex: Double? = nil,
        displayName: String? = nil,
        period: ClosedRange<LocalDay>? = nil,
        location: String? = nil
    ) {
        self.earnedBadges = earnedBadges
        self.currentStreak = currentStreak
        self.goalPercent = goalPercent
        self.trend = trend
        self.trendMetricName = trendMetricName
        self.weightKilograms = weightKilograms
        self.bodyMassIndex = bodyMassIndex
        self.displayName = displayName
        self.period = period
        self.location = location
    }
}

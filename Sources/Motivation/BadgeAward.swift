import Foundation

/// One award of a badge to the user, at an instant (so the 24-hour withdrawal window is exact).
public struct BadgeAward: Sendable, Hashable, Codable {
    public let badgeID: String
    public let awardedAt: Date

    public init(badgeID: String, awardedAt: Date) {
        self.badgeID = badgeID
        self.awardedAt = awardedAt
    }
}

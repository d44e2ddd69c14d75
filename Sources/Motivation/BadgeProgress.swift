import Foundation

/// A badge as the collection page shows it: how close the user is, and when it was earned.
public struct BadgeProgress: Sendable, Hashable, Codable {
    public let badge: Badge
    /// 0...100, whole percent; 100 once earned.
    public let percent: Int
    /// The first award, if any.
    public let earnedAt: Date?
    /// How many times it has been awarded (more than 1 only for repeatable badges).
    public let timesEarned: Int

    public init(badge: Badge, percent: Int, earnedAt: Date?, timesEarned: Int) {
        self.badge = badge
        self.percent = percent
        self.earnedAt = earnedAt
        self.timesEarned = timesEarned
    }

    public var isEarned: Bool { timesEarned > 0 }

    /// A hidden badge stays off the collection page until earned.
    public var isVisible: Bool { !badge.isHidden || isEarned }
}

import Foundation

/// The outcome of checking the badges after a write.
public struct BadgeEvaluation: Sendable, Hashable, Codable {
    /// Every badge of the catalog, in catalog order.
    public let progress: [BadgeProgress]
    /// Awards to store now (and to celebrate on the next page view).
    public let newAwards: [BadgeAward]
    /// Awards to remove: earned by a record since deleted, and still less than 24 hours old.
    public let withdrawals: [BadgeAward]

    public init(progress: [BadgeProgress], newAwards: [BadgeAward], withdrawals: [BadgeAward]) {
        self.progress = progress
        self.newAwards = newAwards
        self.withdrawals = withdrawals
    }

    /// The collection page's order: earned first (newest first), then the closest to earning.
    public var collectionOrder: [BadgeProgress] {
        progress.filter(\.isVisible).sorted { lhs, rhs in
            if lhs.isEarned != rhs.isEarned { return lhs.isEarned }
            if let left = lhs.earnedAt, let right = rhs.earnedAt, left != right { return left > right }
            return lhs.percent > rhs.percent
        }
    }
}

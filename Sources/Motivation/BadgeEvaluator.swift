import Foundation

/// Decides which badges are earned, which are new, and which may be taken back.
///
/// Idempotent: the awards already stored are an input, so checking twice (a retry, two servers, an import and
/// the record that follows it) never awards a one-off badge twice. A badge whose facts no longer hold (the
/// record that earned it was deleted) is withdrawn only within 24 hours of its award: after that it is the
/// user's, whatever happens to the data.
public struct BadgeEvaluator: Sendable {
    public static let withdrawalWindow: TimeInterval = 24 * 60 * 60

    public let catalog: [Badge]

    public init(catalog: [Badge] = BadgeCatalog.all) {
        self.catalog = catalog
    }

    public func evaluate(facts: BadgeFacts, awarded: [BadgeAward], now: Date) -> BadgeEvaluation {
        var progress: [BadgeProgress] = []
        var newAwards: [BadgeAward] = []
        var withdrawals: [BadgeAward] = []
        for badge in catalog {
            let existing = awarded.filter { $0.badgeID == badge.id }.sorted { $0.awardedAt < $1.awardedAt }
            let deserved = badge.isRepeatable ? facts.timesEarned(badge) : min(facts.timesEarned(badge), 1)
            var kept = existing
            if deserved > existing.count {
                // A one-off badge deserves at most 1, so once stored it is never added again.
                let added = (existing.count..<deserved).map { _ in BadgeAward(badgeID: badge.id, awardedAt: now) }
                newAwards += added
                kept += added
            } else if deserved < existing.count {
                // Newest first: only the awards the facts no longer support, and only while still fresh.
                let surplus = existing.suffix(existing.count - deserved).reversed()
                let fresh = surplus.prefix { now.timeIntervalSince($0.awardedAt) < Self.withdrawalWindow }
                withdrawals += fresh
                kept.removeLast(fresh.count)
            }
            progress.append(BadgeProgress(
                badge: badge,
                percent: kept.isEmpty ? Self.percent(facts.amount(for: badge.requirement), of: badge.requirement.value) : 100,
                earnedAt: kept.first?.awardedAt,
                timesEarned: kept.count
            ))
        }
        return BadgeEvaluation(progress: progress, newAwards: newAwards, withdrawals: withdrawals)
    }

    /// Whole percent, floored so that 99.6 % never shows as a finished 100 % bar.
    static func percent(_ amount: Double, of requirement: Double) -> Int {
        guard requirement > 0 else { return 100 }
        return Int(min(max(amount / requirement * 100, 0), 100).rounded(.down))
    }
}

import Foundation
import Storage

/// Badge refreshes for writes that arrive faster than a refresh takes (gateway batches from several phones of one
/// account): at most one refresh per account at a time. A write that lands while one runs is not refreshed on its
/// own; one more refresh follows the running one and looks at everything written meanwhile. So every write is
/// looked at by a refresh that starts after it, as before, but a hundred concurrent batches cost a few refreshes,
/// not a hundred.
///
/// No request waits for a refresh at all (`refreshSoon`): the phone is not shown badges in the gateway's answer,
/// and a refresh on the answer's path was what made the slowest answers slow. Under a steady stream of batches a
/// follow-up refresh starts at least `spacing` after the previous one, so the refreshes' reads take a bounded
/// share of the server instead of running back to back; a badge shows up at most that much later.
public actor BadgeRefreshCoalescer {
    private let motivation: MotivationService
    private let spacing: Duration
    private var running: Set<Int64> = []
    /// Accounts written to while their refresh ran, with the latest write's time.
    private var waiting: [Int64: Date] = [:]

    public init(database: AppDatabase, spacing: Duration = .seconds(1)) {
        motivation = MotivationService(database: database)
        self.spacing = spacing
    }

    /// Starts `refreshAfterWrite` without waiting for it.
    public nonisolated func refreshSoon(userId: Int64, now: Date) {
        Task { await refreshAfterWrite(userId: userId, now: now) }
    }

    /// Refreshes the account's badges, or, when a refresh is running for it, makes sure one more follows.
    public func refreshAfterWrite(userId: Int64, now: Date) async {
        guard !running.contains(userId) else {
            waiting[userId] = max(waiting[userId] ?? now, now)
            return
        }
        running.insert(userId)
        await motivation.refreshBadgesAfterWrite(userId: userId, now: now)
        finished(userId)
    }

    /// The follow-up runs on its own, so the request that ran the first refresh is answered now.
    private func finished(_ userId: Int64) {
        guard let next = waiting.removeValue(forKey: userId) else {
            running.remove(userId)
            return
        }
        Task { [spacing] in
            try? await Task.sleep(for: spacing)
            await motivation.refreshBadgesAfterWrite(userId: userId, now: next)
            finished(userId)
        }
    }
}

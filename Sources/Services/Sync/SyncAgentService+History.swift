import Foundation
import Storage

/// What the sync page and `kiroku sync status|history|run` show of one user's sync: the records still waiting, the
/// attempts so far, and the age-based pruning of records a gateway confirmed.
extension SyncAgentService {
    /// The user's records no gateway has confirmed yet, of `metrics` (every metric when empty); records that came in
    /// through this server's own gateway are never sent on.
    public func waitingCount(userId: Int64, metrics: Set<String>) async throws -> Int {
        try await database.unsyncedCount(userId: userId, metrics: metrics)
    }

    /// The user's sync attempts (and storage-rule entries), newest first, at most `limit`.
    public func attempts(userId: Int64, limit: Int) async throws -> [SyncAttemptRecord] {
        try await database.syncAttempts(userId: userId, limit: limit)
    }

    /// Deletes the user's records a gateway confirmed that started before `cutoff`; unconfirmed ones are never
    /// deleted. Returns how many went.
    @discardableResult
    public func pruneSynced(userId: Int64, before cutoff: Date) async throws -> Int {
        try await database.pruneSynced(userId: userId, before: cutoff)
    }
}

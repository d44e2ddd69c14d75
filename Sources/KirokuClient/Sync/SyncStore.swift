import Foundation

/// The agent's view of local data: what is not yet confirmed, confirming, and the history of attempts.
/// The CLI implements it over the SQLite store; the engine never sees the database.
public protocol SyncStore: Sendable {
    /// Records of the selected metrics (all when empty) not yet confirmed, oldest first.
    func pending(metrics: Set<String>, limit: Int) async throws -> [PendingRecord]
    /// Marks records confirmed by the gateway; called only after its success answer for their batch.
    func confirm(_ localIds: [Int64], at instant: Date) async throws
    func record(_ attempt: SyncAttempt) async throws
}

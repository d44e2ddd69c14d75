import Foundation
import Storage
import WaitTimes

/// The store directory (every さわやか store, no owner: the chain's list is the same for everyone) and the operator
/// tokens that guard its feed, as the store API, the feed poller and `kiroku stores` read and replace them.
extension WaitTimeService {
    /// Every store, in directory order.
    public func stores() async throws -> [Store] {
        try await database.stores()
    }

    /// The store with this id, or nil when the directory has none.
    public func store(id: String) async throws -> Store? {
        try await database.store(id: id)
    }

    /// What replacing the directory with `stores` would add, change and remove, without saving anything.
    public func directoryChange(to stores: [Store]) async throws -> StoreDirectoryChange {
        StoreDirectoryChange(from: try await database.stores(), to: stores)
    }

    /// Replaces the directory with `stores` in one transaction and says what changed; observations are kept.
    public func replaceStores(with stores: [Store], now: Date) async throws -> StoreDirectoryChange {
        try await database.replaceStores(with: stores, now: now)
    }

    /// Whether `secret` is an operator token this server issued; a token that is marks its use at `now()`.
    public func acceptsOperatorToken(_ secret: String) async throws -> Bool {
        try await database.useOperatorToken(hash: SecretToken.hash(secret), now: now()) != nil
    }
}

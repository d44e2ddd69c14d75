import Storage

/// A user's sync lock, taken before a run is started: holding one is the only way to run, so the daemon, the
/// server's scheduler, a page and the CLI can never push the same records twice at once. Released when it goes.
public final class SyncLease: Sendable {
    public let user: User
    let lock: SyncLock

    init(user: User, lock: SyncLock) {
        self.user = user
        self.lock = lock
    }
}

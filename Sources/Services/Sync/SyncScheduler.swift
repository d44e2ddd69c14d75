import Foundation
import Health
import KirokuClient
import Logging
import ServiceLifecycle
import Storage
import Synchronization

/// The server's side of the sync agent: runs each user's sync at the frequency saved with their target (within
/// seconds of new records, hourly, daily, or never on its own), and runs a page's "Sync now" in the background so
/// the page can show its progress. One lock per user is shared with the daemon and the CLI, so a run started
/// anywhere is never doubled. A service of the application's group: shutdown cancels runs in flight, which
/// confirms nothing the gateway has not answered for.
public final class SyncScheduler: Service, Sendable {
    public let agent: SyncAgentService
    let database: AppDatabase
    let syncDirectory: URL
    let tick: Duration
    let clock: @Sendable () -> Date
    let logger: Logger
    private let running = Mutex<[Int64: Task<Void, Never>]>([:])
    /// When each user's storage rule was last applied: at most once a minute, the disk fills no faster than that.
    private let lastEnforced = Mutex<[Int64: Date]>([:])
    private let stopping = Atomic<Bool>(false)

    public init(
        agent: SyncAgentService, database: AppDatabase, dataDirectory: URL, tick: Duration = .seconds(5),
        clock: @escaping @Sendable () -> Date = { Date() }, logger: Logger = Logger(label: "kiroku.sync")
    ) {
        self.agent = agent
        self.database = database
        self.syncDirectory = UserFiles(dataDirectory: dataDirectory).syncDirectory
        self.tick = tick
        self.clock = clock
        self.logger = logger
    }

    /// A failed run is not tried again sooner than this, whatever the frequency: the engine has already retried
    /// inside the run, and a gateway that is down should not be asked every few seconds.
    static let pauseAfterFailure: TimeInterval = 60

    /// Whether a scheduled run is due: only with records waiting, and no sooner than the frequency allows since the
    /// last attempt (or than `pauseAfterFailure` after a failed one).
    public static func isDue(_ frequency: SyncFrequency, waiting: Int, lastAttempt: SyncAttemptRecord?, now: Date) -> Bool {
        guard let interval = frequency.interval, waiting > 0 else { return false }
        guard let lastAttempt else { return true }
        let gap = lastAttempt.status == "failed" ? max(interval, pauseAfterFailure) : interval
        return now.timeIntervalSince(lastAttempt.startedAt + lastAttempt.duration) >= gap
    }

    /// "Sync now": takes the user's lock at once (so the page that follows shows the run) and runs in the
    /// background. Throws what `SyncAgentService.begin` throws, before anything is sent.
    public func start(user: User) throws {
        let lease = try agent.begin(user: user)
        launch(lease)
    }

    /// Whether a run this process started is still going (tests wait on it; pages ask the lock).
    public func isRunning(userId: Int64) -> Bool {
        running.withLock { $0[userId] != nil }
    }

    public func run() async throws {
        while !Task.isCancelled, !Task.isShuttingDownGracefully {
            await startDueRuns()
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: self.tick) }
        }
        stopping.store(true, ordering: .releasing)
        let inFlight = running.withLock { Array($0.values) }
        for task in inFlight { task.cancel() }
        for task in inFlight { await task.value }
    }

    /// One look at every configured user: starts the runs that are due. Public so a test can drive it at a pinned time.
    public func startDueRuns() async {
        for userId in configuredUserIds() where !isRunning(userId: userId) {
            do {
                guard let user = try await database.user(id: userId) else { continue }
                let target = try agent.targetFile(for: user).load()
                try await enforceStorageRule(target, user: user)
                guard target.accessRevokedAt == nil, target.schedule != .manual else { continue }
                let waiting = try await database.unsyncedCount(userId: userId, metrics: target.metrics)
                let last = try await database.syncAttempts(userId: userId, limit: 1).first
                guard Self.isDue(target.schedule, waiting: waiting, lastAttempt: last, now: clock()) else { continue }
                launch(try agent.begin(user: user))
            } catch SyncAgentError.alreadyRunning {
                continue
            } catch {
                logger.error("scheduled sync could not start", metadata: ["user_id": "\(userId)", "error": "\(error)"])
            }
        }
    }

    /// The storage rule saved with the target, whatever the frequency (R9: the disk may fill while nothing is sent).
    func enforceStorageRule(_ target: GatewayTarget, user: User) async throws {
        let rule = SyncStorageRule(saved: target)
        let now = clock()
        guard rule.isOn, let userId = user.id else { return }
        let due = lastEnforced.withLock { last in
            guard last[userId].map({ now.timeIntervalSince($0) >= 60 }) ?? true else { return false }
            last[userId] = now
            return true
        }
        guard due else { return }
        let freed = try await agent.enforce(rule, user: user, now: now)
        if freed > 0 { logger.notice("deleted oldest synced records", metadata: ["user_id": "\(userId)", "count": "\(freed)"]) }
    }

    /// Users with a saved target: `sync/user-<id>.json`.
    func configuredUserIds() -> [Int64] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: syncDirectory.path)) ?? []
        return names.compactMap { name in
            guard name.hasPrefix("user-"), name.hasSuffix(".json"), !name.hasSuffix(".progress.json") else { return nil }
            return Int64(name.dropFirst("user-".count).dropLast(".json".count))
        }.sorted()
    }

    private func launch(_ lease: SyncLease) {
        guard !stopping.load(ordering: .acquiring), let userId = lease.user.id else { return }
        let agent = self.agent
        let logger = self.logger
        let task = Task.detached {
            do {
                let attempt = try await agent.run(lease)
                logger.info("sync finished", metadata: [
                    "user_id": "\(userId)", "status": "\(attempt.status.rawValue)", "sent": "\(attempt.sent)", "retries": "\(attempt.retries)",
                ])
            } catch {
                logger.error("sync failed", metadata: ["user_id": "\(userId)", "error": "\(error)"])
            }
        }
        running.withLock { $0[userId] = task }
        Task.detached { [weak self] in
            await task.value
            _ = self?.running.withLock { $0.removeValue(forKey: userId) }
        }
    }
}

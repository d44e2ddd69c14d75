import Foundation
import Health
import KirokuClient
import Logging
import ServiceLifecycle
import Services
import Storage

/// One user's sync from the command line: the agent service with the terminal's language and a progress bar.
struct SyncRunner: Sendable {
    let agent: SyncAgentService
    let user: User

    init(database: AppDatabase, user: User, dataDirectory: URL) {
        self.agent = SyncAgentService(database: database, dataDirectory: dataDirectory, retries: Self.policy, language: .terminal)
        self.user = user
    }

    /// The phone app's 1-2-4-8-16 s schedule. Tests shorten it with KIROKU_SYNC_RETRY_DELAYS_MS (comma-separated
    /// milliseconds, read as a backoff: as many retries as values, from the first value up to the largest).
    static var policy: Backoff {
        guard let text = ProcessInfo.processInfo.environment["KIROKU_SYNC_RETRY_DELAYS_MS"] else { return .gatewaySync }
        let delays = text.split(separator: ",").compactMap { Int($0) }
        guard let first = delays.first, let largest = delays.max() else { return .gatewaySync }
        return Backoff(retries: delays.count, baseDelay: .milliseconds(first), maxDelay: .milliseconds(largest))
    }

    func runOnce(showProgress: Bool = false) async throws -> SyncAttempt {
        do {
            let attempt = try await agent.syncNow(user: user) { sent, total in
                if showProgress { ProgressBar.draw(done: sent, total: total) }
            }
            if showProgress { ProgressBar.finish() }
            return attempt
        } catch let error as SyncAgentError {
            throw CLIError(error.message)
        }
    }

    static func describe(_ attempt: SyncAttempt) -> String {
        SyncAgentService.describe(attempt).text(in: .terminal)
    }
}

/// `sync daemon`: runs the sync on a schedule, or every couple of seconds when records are waiting
/// (`onlyWhenPending`), until a graceful shutdown.
struct SyncDaemon: Service {
    let runner: SyncRunner
    let interval: Duration
    let onlyWhenPending: Bool
    let pruneAge: TimeInterval?
    let storageRule: SyncStorageRule
    let logger: Logger

    func run() async throws {
        while !Task.isShuttingDownGracefully, !Task.isCancelled {
            do {
                let target = try runner.agent.targetFile(for: runner.user).load()
                let waiting = try await runner.agent.waitingCount(userId: runner.user.savedId, metrics: target.metrics)
                if !onlyWhenPending || waiting > 0 {
                    let attempt = try await runner.runOnce()
                    logger.info("sync finished", metadata: ["status": "\(attempt.status.rawValue)", "sent": "\(attempt.sent)", "retries": "\(attempt.retries)"])
                    if let pruneAge {
                        try await runner.agent.pruneSynced(userId: runner.user.savedId, before: Date().addingTimeInterval(-pruneAge))
                    }
                }
                // The storage rule runs on every turn: the disk may fill up while nothing is waiting.
                let freed = try await runner.agent.enforce(storageRule, user: runner.user, now: Date())
                if freed > 0 {
                    logger.notice("deleted oldest synced records", metadata: ["count": "\(freed)"])
                }
            } catch {
                logger.error("sync run failed", metadata: ["error": "\(error)"])
            }
            // Wakes early on SIGTERM, so a daily daemon doesn't hold up shutdown for a day.
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
        }
    }
}

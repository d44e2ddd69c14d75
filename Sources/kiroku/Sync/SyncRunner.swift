import Foundation
import Health
import KirokuClient
import Logging
import ServiceLifecycle
import Storage

/// One user's sync against their configured gateway.
struct SyncRunner: Sendable {
    let database: AppDatabase
    let user: User
    let target: GatewayTarget

    /// The phone app's 1-2-4-8-16 s schedule. Tests shorten it with KIROKU_SYNC_RETRY_DELAYS_MS (comma-separated
    /// milliseconds, read as a backoff: as many retries as values, from the first value up to the largest).
    static var policy: Backoff {
        guard let text = ProcessInfo.processInfo.environment["KIROKU_SYNC_RETRY_DELAYS_MS"] else { return .gatewaySync }
        let delays = text.split(separator: ",").compactMap { Int($0) }
        guard let first = delays.first, let largest = delays.max() else { return .gatewaySync }
        return Backoff(retries: delays.count, baseDelay: .milliseconds(first), maxDelay: .milliseconds(largest))
    }

    func runOnce(showProgress: Bool = false) async throws -> SyncAttempt {
        let store = SQLiteSyncStore(database: database, userId: try user.savedId, deviceId: target.deviceId)
        let client = try GatewayClient(target: target, language: .terminal)
        let total = showProgress ? try await database.unsyncedCount(userId: user.savedId, metrics: target.metrics) : 0
        do {
            let attempt = try await SyncEngine(store: store, client: client, policy: Self.policy).run(progress: { sent in
                if showProgress { ProgressBar.draw(done: sent, total: total) }
            })
            if showProgress { ProgressBar.finish() }
            try await client.shutdown()
            return attempt
        } catch {
            try? await client.shutdown()
            throw error
        }
    }

    static func describe(_ attempt: SyncAttempt) -> String {
        let text: LocalizedText
        switch attempt.status {
        case .success: text = .init(ja: "同期しました: \(attempt.sent) 件", en: "Synced \(attempt.sent) records.")
        case .partial: text = .init(ja: "同期しました: \(attempt.sent) 件（\(attempt.rejected) 件は送信先で無効）", en: "Synced \(attempt.sent) records (\(attempt.rejected) refused as invalid by the gateway).")
        case .idle: text = .init(ja: "送信するものはありません。", en: "Nothing to send.")
        case .failed:
            text = .init(
                ja: "同期に失敗しました（\(attempt.sent) 件は送信済み）: \(attempt.error ?? "")。残りは次回送信します。",
                en: "Sync failed after \(attempt.sent) records: \(attempt.error ?? ""). The rest stays queued for the next run."
            )
        }
        return text.text(in: .terminal)
    }
}

/// `sync daemon`: runs the sync on a schedule, or every couple of seconds when records are waiting
/// (`onlyWhenPending`), until a graceful shutdown.
struct SyncDaemon: Service {
    let runner: SyncRunner
    let interval: Duration
    let onlyWhenPending: Bool
    let pruneAge: TimeInterval?
    let logger: Logger

    func run() async throws {
        while !Task.isShuttingDownGracefully, !Task.isCancelled {
            do {
                let waiting = try await runner.database.unsyncedCount(userId: runner.user.savedId, metrics: runner.target.metrics)
                if !onlyWhenPending || waiting > 0 {
                    let attempt = try await runner.runOnce()
                    logger.info("sync finished", metadata: ["status": "\(attempt.status.rawValue)", "sent": "\(attempt.sent)", "retries": "\(attempt.retries)"])
                    if let pruneAge {
                        _ = try await runner.database.pruneSynced(userId: runner.user.savedId, before: Date().addingTimeInterval(-pruneAge))
                    }
                }
            } catch {
                logger.error("sync run failed", metadata: ["error": "\(error)"])
            }
            // Wakes early on SIGTERM, so a daily daemon doesn't hold up shutdown for a day.
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
        }
    }
}

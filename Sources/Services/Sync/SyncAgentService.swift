import Foundation
import Health
import KirokuClient
import Storage

/// The sync agent a person drives from the web page or the CLI: one user's records pushed to their configured
/// gateway, one run at a time (a lock shared by the daemon, the web and the CLI), every attempt in the history, and
/// a revoked key (401/403) remembered so runs stop and the person is told to enter a new one.
public struct SyncAgentService: Sendable {
    let database: AppDatabase
    let files: UserFiles
    let retries: Backoff
    let language: Language

    public init(database: AppDatabase, dataDirectory: URL, retries: Backoff = .gatewaySync, language: Language = .en) {
        self.database = database
        self.files = UserFiles(dataDirectory: dataDirectory)
        self.retries = retries
        self.language = language
    }

    public func targetFile(for user: User) throws -> SyncTargetFile {
        try SyncTargetFile(dataDirectory: files.dataDirectory, user: user)
    }

    /// Whether a run is going on for the user right now.
    public func isRunning(userId: Int64) -> Bool {
        SyncLock.isHeld(directory: files.syncDirectory, userId: userId)
    }

    /// Pushes every unconfirmed record now. Throws `alreadyRunning` when another run holds the lock and
    /// `accessRevoked` when the gateway refused the key last time and nobody has entered a new one.
    public func syncNow(user: User, progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }) async throws -> SyncAttempt {
        let userId = try user.savedId
        let lock = try SyncLock(directory: files.syncDirectory, userId: userId)
        defer { withExtendedLifetime(lock) {} }
        let file = try targetFile(for: user)
        var target = try file.load()
        guard target.accessRevokedAt == nil else { throw SyncAgentError.accessRevoked }
        let store = SQLiteSyncStore(database: database, userId: userId, deviceId: target.deviceId)
        let total = try await database.unsyncedCount(userId: userId, metrics: target.metrics)
        let client = try GatewayClient(target: target, language: language)
        let attempt: SyncAttempt
        do {
            attempt = try await SyncEngine(store: store, client: client, policy: retries).run(progress: { sent in progress(sent, total) })
            try await client.shutdown()
        } catch {
            try? await client.shutdown()
            throw error
        }
        if let status = attempt.httpStatus, status == 401 || status == 403 {
            target.accessRevokedAt = attempt.startedAt
            try file.save(target)
        }
        return attempt
    }

    /// A run, told as a sentence for a page: what was sent, or why not.
    public func syncNowSummary(user: User) async throws -> LocalizedText {
        Self.describe(try await syncNow(user: user))
    }

    /// What an attempt did, in words (the CLI prints it, the page shows it).
    public static func describe(_ attempt: SyncAttempt) -> LocalizedText {
        switch attempt.status {
        case .success: LocalizedText(ja: "同期しました: \(attempt.sent) 件", en: "Synced \(attempt.sent) records.")
        case .partial:
            LocalizedText(ja: "同期しました: \(attempt.sent) 件（\(attempt.rejected) 件は送信先で無効）", en: "Synced \(attempt.sent) records (\(attempt.rejected) refused as invalid by the gateway).")
        case .idle: LocalizedText(ja: "送信するものはありません。", en: "Nothing to send.")
        case .failed where attempt.httpStatus == 401 || attempt.httpStatus == 403: SyncAgentError.accessRevoked.message
        case .failed:
            LocalizedText(
                ja: "同期に失敗しました（\(attempt.sent) 件は送信済み）: \(attempt.error ?? "")。残りは次回送信します。",
                en: "Sync failed after \(attempt.sent) records: \(attempt.error ?? ""). The rest stays queued for the next run."
            )
        }
    }
}

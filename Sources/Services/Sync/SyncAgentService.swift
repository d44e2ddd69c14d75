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

    let clock: @Sendable () -> Date

    public init(
        database: AppDatabase, dataDirectory: URL, retries: Backoff = .gatewaySync, language: Language = .en,
        clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.database = database
        self.files = UserFiles(dataDirectory: dataDirectory)
        self.retries = retries
        self.language = language
        self.clock = clock
    }

    public func targetFile(for user: User) throws -> SyncTargetFile {
        try SyncTargetFile(dataDirectory: files.dataDirectory, user: user)
    }

    /// Whether a run is going on for the user right now.
    public func isRunning(userId: Int64) -> Bool {
        SyncLock.isHeld(directory: files.syncDirectory, userId: userId)
    }

    /// The run going on for the user, with how far it has come; nil when none is. Whoever runs it (this process or
    /// another) writes the figures, so the page and `kiroku sync status` show the same.
    public func progress(userId: Int64) -> SyncProgress? {
        guard isRunning(userId: userId) else { return nil }
        return SyncProgress.read(directory: files.syncDirectory, userId: userId) ?? SyncProgress(startedAt: clock(), sent: 0, total: 0)
    }

    /// Takes the user's sync lock for a run that starts now or a moment later, after checking the run could start:
    /// `notConfigured`, `accessRevoked` (the gateway refused the key last time and nobody has entered a new one) or
    /// `alreadyRunning` come back at once, so a page can say so before anything is sent.
    public func begin(user: User) throws -> SyncLease {
        let userId = try user.savedId
        let lock = try SyncLock(directory: files.syncDirectory, userId: userId)
        let target = try targetFile(for: user).load()
        guard target.accessRevokedAt == nil else { throw SyncAgentError.accessRevoked }
        return SyncLease(user: user, lock: lock)
    }

    /// Pushes every unconfirmed record now, holding the lock for the whole run.
    public func syncNow(user: User, progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }) async throws -> SyncAttempt {
        try await run(begin(user: user), progress: progress)
    }

    /// The run a lease was taken for. The lock is released when the lease goes, after the attempt is in the history.
    public func run(_ lease: SyncLease, progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }) async throws -> SyncAttempt {
        defer { withExtendedLifetime(lease) {} }
        let user = lease.user
        let userId = try user.savedId
        let file = try targetFile(for: user)
        var target = try file.load()
        let store = SQLiteSyncStore(database: database, userId: userId, deviceId: target.deviceId)
        let total = try await database.unsyncedCount(userId: userId, metrics: target.metrics)
        let directory = files.syncDirectory
        let started = clock()
        SyncProgress(startedAt: started, sent: 0, total: total).write(directory: directory, userId: userId)
        defer { SyncProgress.remove(directory: directory, userId: userId) }
        // The history is read on the account's pages, so its reasons are in the account's language when it has one.
        let client = try GatewayClient(target: target, language: user.language.flatMap(Language.init(rawValue:)) ?? language)
        let attempt: SyncAttempt
        do {
            attempt = try await SyncEngine(store: store, client: client, policy: retries).run(now: clock) { sent in
                SyncProgress(startedAt: started, sent: sent, total: total).write(directory: directory, userId: userId)
                progress(sent, total)
            }
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

    /// What an attempt in the history did, in words; a storage-rule entry says what it deleted.
    public static func describe(_ record: SyncAttemptRecord) -> LocalizedText {
        guard let status = SyncAttempt.Status(rawValue: record.status) else {
            return LocalizedText(ja: record.error ?? record.status, en: record.error ?? record.status)
        }
        return describe(SyncAttempt(
            startedAt: record.startedAt, duration: record.duration, status: status, sent: record.sent, rejected: record.rejected,
            retries: record.retries, httpStatus: record.httpStatus, error: record.error
        ))
    }

    /// "Test connection": one empty request to the saved target, answered in words a person can act on.
    public func testConnection(user: User) async throws -> LocalizedText {
        let target = try targetFile(for: user).load()
        let client = try GatewayClient(target: target, language: language)
        let check = await client.checkConnection(deviceId: target.deviceId, userId: target.label)
        try? await client.shutdown()
        switch check {
        case .ok:
            return LocalizedText(ja: "接続できました。送信先は資格情報を受け付けました。", en: "Connected: the gateway accepted the credentials.")
        case .credentialsRefused(let status):
            return LocalizedText(
                ja: "送信先には届きましたが、資格情報が拒否されました（\(status)）。API キーまたはユーザー名とパスワードを確認してください。",
                en: "The gateway answered but refused the credentials (\(status)). Check the API key or the username and password."
            )
        case .unreachable(let reason):
            return LocalizedText(
                ja: "送信先に接続できません。アドレス、ポート、証明書を確認してください（\(reason)）。",
                en: "Cannot reach the gateway. Check the address, the port and the certificate (\(reason))."
            )
        case .unexpected(let status, let reason):
            return LocalizedText(ja: "送信先が想定外の応答をしました: \(reason)（\(status)）", en: "The gateway gave an unexpected answer: \(reason) (\(status))")
        }
    }

    /// Saves the target a person entered on the page (as `kiroku sync configure` does): an HTTPS address, an API key
    /// or a username and password, and which categories to send. The installation's device id is kept, and a
    /// remembered revoked key is cleared.
    public func configure(
        user: User, url: String, port: Int?, apiKey: String?, username: String?, password: String?, categories: [String], types: [String] = [],
        frequency: SyncFrequency? = nil
    ) throws {
        let file = try targetFile(for: user)
        let gatewayURL = try GatewayTarget.validatedURL(url, port: port)
        let credentials: GatewayTarget.Credentials
        if let apiKey = apiKey?.trimmingCharacters(in: .whitespaces), !apiKey.isEmpty {
            credentials = .apiKey(apiKey)
        } else if let username = username?.trimmingCharacters(in: .whitespaces), !username.isEmpty, let password, !password.isEmpty {
            credentials = .basic(username: username, password: password)
        } else {
            throw SyncAgentError.credentialsMissing
        }
        let metrics = try GatewayTarget.metrics(types: types, categories: categories)
        let previous = try? file.load()
        var target = GatewayTarget(
            url: gatewayURL, credentials: credentials, caFile: previous?.caFile, metrics: metrics,
            deviceId: previous?.deviceId ?? UUID().uuidString.lowercased(), label: previous?.label ?? user.username,
            frequency: frequency ?? previous?.schedule ?? .manual
        )
        target.keepFreeBytes = previous?.keepFreeBytes
        target.maxSyncedRecords = previous?.maxSyncedRecords
        try file.save(target)
    }

    /// Saves the storage rule (R9) from a form's text: free space such as "2G" and a number of synced records, each
    /// blank for off. A value that is not one is refused and nothing is saved.
    public func setStorageRule(keepFree: String?, maxSynced: String?, user: User) throws {
        let file = try targetFile(for: user)
        var target = try file.load()
        let keepFree = keepFree?.trimmingCharacters(in: .whitespaces) ?? ""
        let maxSynced = maxSynced?.trimmingCharacters(in: .whitespaces) ?? ""
        var bytes: Int64?
        if !keepFree.isEmpty {
            guard let parsed = SyncStorageRule.bytes(keepFree) else { throw SyncAgentError.invalidStorageRule }
            bytes = parsed
        }
        var count: Int?
        if !maxSynced.isEmpty {
            guard let parsed = Int(maxSynced), parsed > 0 else { throw SyncAgentError.invalidStorageRule }
            count = parsed
        }
        target.keepFreeBytes = bytes
        target.maxSyncedRecords = count
        try file.save(target)
    }

    /// Saves how often to push on its own, keeping everything else (credentials need not be entered again).
    public func setFrequency(_ frequency: SyncFrequency, user: User) throws {
        let file = try targetFile(for: user)
        var target = try file.load()
        target.frequency = frequency
        try file.save(target)
    }
}

import Foundation
import Health
import KirokuClient
import Storage

/// R9's "delete the oldest synced data when storage is full", opt-in because these are a person's health records:
/// when the data directory's disk has less than `minimumFreeBytes` free, or more than `maxSyncedRecords` records are
/// already safe at the gateway, the oldest *synced* records go first — never one the gateway has not confirmed — and
/// the history says what was deleted and why.
public struct SyncStorageRule: Sendable, Equatable {
    public var minimumFreeBytes: Int64?
    public var maxSyncedRecords: Int?
    /// At most this many deleted per run when the disk is short, so one run never empties a store.
    public var batch: Int

    public init(minimumFreeBytes: Int64? = nil, maxSyncedRecords: Int? = nil, batch: Int = 10_000) {
        self.minimumFreeBytes = minimumFreeBytes
        self.maxSyncedRecords = maxSyncedRecords
        self.batch = max(batch, 1)
    }

    public var isOn: Bool { minimumFreeBytes != nil || maxSyncedRecords != nil }

    /// The rule saved with a target.
    public init(saved target: GatewayTarget) {
        self.init(minimumFreeBytes: target.keepFreeBytes, maxSyncedRecords: target.maxSyncedRecords)
    }

    /// "500M", "2G", "1048576" (bytes; K, M, G, T are powers of 1,024); nil for anything else. One reading for the
    /// CLI's `--keep-free` and the page's field.
    public static func bytes(_ text: String) -> Int64? {
        let text = text.trimmingCharacters(in: .whitespaces)
        let units: [Character: Int64] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40]
        let unit = text.last.flatMap { units[Character($0.uppercased())] }
        guard let count = Int64(unit == nil ? text : String(text.dropLast())), count > 0, count <= Int64.max / (unit ?? 1) else { return nil }
        return count * (unit ?? 1)
    }

    /// How many synced records to delete now: down to the quota, and a batch more while the disk is short.
    func excess(synced: Int, freeBytes: Int64?) -> (count: Int, reason: LocalizedText)? {
        if let max = maxSyncedRecords, synced > max {
            return (synced - max, LocalizedText(ja: "送信済みの記録が上限 \(max) 件を超えたため", en: "more than \(max) synced records were kept"))
        }
        if let minimum = minimumFreeBytes, let free = freeBytes, free < minimum, synced > 0 {
            return (min(batch, synced), LocalizedText(ja: "ディスクの空きが \(minimum / 1_048_576) MiB を下回ったため", en: "the disk had less than \(minimum / 1_048_576) MiB free"))
        }
        return nil
    }
}

extension SyncAgentService {
    /// Applies the rule for one user and records what it did in the sync history. Returns the records deleted.
    @discardableResult
    public func enforce(_ rule: SyncStorageRule, user: User, now: Date) async throws -> Int {
        guard rule.isOn else { return 0 }
        let userId = try user.savedId
        let synced = try await database.syncedCount(userId: userId)
        let free = (try? FileManager.default.attributesOfFileSystem(forPath: files.dataDirectory.path)[.systemFreeSize] as? NSNumber)?.int64Value
        guard let (count, reason) = rule.excess(synced: synced, freeBytes: free) else { return 0 }
        let removed = try await database.pruneOldestSynced(userId: userId, count: count)
        try await database.recordSyncAttempt(SyncAttemptRecord(
            userId: userId, startedAt: now, duration: 0, status: "pruned", sent: 0, rejected: 0, retries: 0, httpStatus: nil,
            error: LocalizedText(ja: "送信済みの古い記録を \(removed) 件削除しました（\(reason.ja)）。", en: "Deleted the \(removed) oldest synced records (\(reason.en)).").text(in: language)
        ))
        return removed
    }
}

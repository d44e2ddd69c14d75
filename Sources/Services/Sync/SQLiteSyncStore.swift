import Foundation
import Health
import KirokuClient
import Storage

/// The sync agent's store over the local SQLite database, for one user.
public struct SQLiteSyncStore: SyncStore {
    let database: AppDatabase
    let userId: Int64
    let deviceId: String

    public init(database: AppDatabase, userId: Int64, deviceId: String) {
        self.database = database
        self.userId = userId
        self.deviceId = deviceId
    }

    public func pending(metrics: Set<String>, limit: Int) async throws -> [PendingRecord] {
        try await database.unsyncedRecords(userId: userId, metrics: metrics, limit: limit).map { record in
            PendingRecord(localId: try record.savedId, sample: try sample(for: record))
        }
    }

    public func confirm(_ localIds: [Int64], at instant: Date) async throws {
        try await database.confirmSynced(recordIds: localIds, userId: userId, at: instant)
    }

    public func record(_ attempt: SyncAttempt) async throws {
        try await database.recordSyncAttempt(SyncAttemptRecord(
            userId: userId, startedAt: attempt.startedAt, duration: attempt.duration, status: attempt.status.rawValue,
            sent: attempt.sent, rejected: attempt.rejected, retries: attempt.retries, httpStatus: attempt.httpStatus, error: attempt.error
        ))
    }

    /// The record in the phone app's wire format, in its metric's canonical unit.
    public func sample(for record: HealthRecord) throws -> SyncSample {
        let metric = MetricCatalog.metric(named: record.metric)
        return SyncSample(
            id: try Self.sampleId(record: record, deviceId: deviceId), type: record.metric, value: metric == nil ? record.originalValue : record.value,
            unit: metric?.canonicalUnit ?? record.originalUnit, startDate: record.startAt, endDate: record.endAt,
            sourceBundle: record.sourceName ?? "kiroku", metadata: record.metadata, timezoneOffset: record.utcOffsetSeconds.map { $0 / 60 }
        )
    }

    /// The same UUID for a record on every attempt, so the gateway can deduplicate retries: the record's own
    /// UUID when it has one, else the installation's device id with the record id in its last 48 bits.
    public static func sampleId(record: HealthRecord, deviceId: String) throws -> String {
        if let external = record.externalId, let uuid = UUIDText.canonical(external) { return uuid }
        let prefix = String(deviceId.lowercased().replacingOccurrences(of: "-", with: "").prefix(20))
        let padded = prefix + String(repeating: "0", count: max(0, 20 - prefix.count))
        let hex = String(UInt64(bitPattern: try record.savedId) & 0xFFFF_FFFF_FFFF, radix: 16)
        let tail = String(repeating: "0", count: 12 - hex.count) + hex
        let chars = Array(padded)
        return "\(String(chars[0..<8]))-\(String(chars[8..<12]))-\(String(chars[12..<16]))-\(String(chars[16..<20]))-\(tail)"
    }
}

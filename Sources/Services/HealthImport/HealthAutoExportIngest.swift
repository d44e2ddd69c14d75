import Foundation
import HealthImport
import Storage

/// Stores a Health Auto Export delivery the server has put on disk: the iPhone app's REST automation, which may
/// retry or overlap backfills (samples are upserted on metric + date + source, so a retry changes nothing).
public struct HealthAutoExportIngest: Sendable {
    let database: AppDatabase
    /// Samples per transaction. A backfill is committed as it goes: if the app gives up waiting and sends it
    /// again, the retry finds what was already stored unchanged and only does the rest.
    let batchSize: Int

    public init(database: AppDatabase, batchSize: Int = 5_000) {
        self.database = database
        self.batchSize = batchSize
    }

    /// Checks the whole file first (a delivery that is not whole JSON changes nothing: `HealthAutoExportInvalid`),
    /// then reads it again, storing its samples batch by batch as they are mapped.
    public func store(file: URL, userId: Int64, now: Date) async throws -> HealthAutoExportResponse {
        try HealthAutoExportStream.validate(FileChunks(url: file))
        var stream = HealthAutoExportStream(now: now)
        var pending: [HealthAutoExportStream.Sample] = []
        var records = UpsertCounts()
        var rawStored = 0
        func flush(all: Bool) async throws {
            let raw = stream.takeRawItems()
            rawStored += try await database.insertHealthAutoExportRaw(userId: userId, items: raw, now: now)
            while pending.count >= batchSize || (all && !pending.isEmpty) {
                let batch = Array(pending.prefix(batchSize))
                pending.removeFirst(batch.count)
                records += try await database.upsertHealthAutoExport(userId: userId, samples: batch, workouts: [], now: now).records
            }
        }
        for chunk in FileChunks(url: file) {
            try stream.feed(chunk)
            pending += stream.takeSamples()
            try await flush(all: false)
        }
        try stream.finish()
        pending += stream.takeSamples()
        try await flush(all: true)
        let workouts = try await database.upsertHealthAutoExport(userId: userId, samples: [], workouts: stream.workouts, now: now).workouts
        await MotivationService(database: database).refreshBadgesAfterWrite(userId: userId, now: now)
        return HealthAutoExportResponse(records: records, workouts: workouts, skipped: stream.skipped, keptRaw: stream.keptRaw, rawStored: rawStored)
    }
}

/// What a delivery stored, as the app's automation log shows it.
public struct HealthAutoExportResponse: Encodable, Sendable {
    public let records: UpsertCounts
    public let workouts: UpsertCounts
    public let skipped: [String: Int]
    /// Rows kept raw (metric name, units, fields, source) instead of becoming samples, per reason.
    public let keptRaw: [String: Int]
    /// Raw rows new to this delivery (a retry finds the earlier ones).
    public let rawStored: Int
}

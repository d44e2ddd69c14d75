import Foundation
import Health
import HealthImport
import Hummingbird
import Services
import Storage

/// `POST /api/v1/health-auto-export`: the Health Auto Export iPhone app's REST automation. It authenticates
/// with a personal API token in the header the user configures in the app (`api-key`, `x-api-key`, or a
/// bearer token), and may retry or overlap backfills: samples are upserted on metric + date + source.
struct HealthAutoExportAPIController {
    let ingest: HealthAutoExportIngest
    /// Where a delivery waits while it is read (the data directory's private imports folder).
    let uploads: ImportService

    var endpoints: RouteCollection<AppRequestContext> {
        let routes = RouteCollection(context: AppRequestContext.self)
        routes.post("health-auto-export", use: receive)
        return routes
    }

    /// The body goes to disk as it arrives and is read from there as a stream: a year-long backfill takes
    /// as much memory as a day's delivery, within the import upload limit.
    @Sendable func receive(request: Request, context: AppRequestContext) async throws -> HealthAutoExportResponse {
        let userId = try owner(context)
        try APIRequestDecoder.requireJSON(request.headers)
        let destination = try uploads.newUploadURL()
        defer { try? FileManager.default.removeItem(at: destination) }
        _ = try await UploadReceiver(limit: uploads.maxUploadBytes).receive(request, to: destination)
        do {
            return try await ingest.store(file: destination, userId: userId, now: context.now)
        } catch let invalid as HealthAutoExportInvalid {
            throw APIError.malformedJSON(invalid.detail)
        }
    }

    /// The authentication middleware has applied the one precedence (a key header decides, then a bearer token);
    /// a browser session does not authorize a delivery.
    private func owner(_ context: AppRequestContext) throws -> Int64 {
        guard let user = context.user, context.session == nil else { throw APIError.unauthorized }
        return try user.savedId
    }
}

/// Stores a Health Auto Export delivery.
struct HealthAutoExportIngest: Sendable {
    let database: AppDatabase
    /// Samples per transaction. A backfill is committed as it goes: if the app gives up waiting and sends it
    /// again, the retry finds what was already stored unchanged and only does the rest.
    var batchSize = 5_000

    /// Checks the whole file first (a delivery that is not whole JSON changes nothing), then reads it again,
    /// storing its samples batch by batch as they are mapped.
    func store(file: URL, userId: Int64, now: Date) async throws -> HealthAutoExportResponse {
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

struct HealthAutoExportResponse: ResponseEncodable {
    let records: UpsertCounts
    let workouts: UpsertCounts
    let skipped: [String: Int]
    /// Rows kept raw (metric name, units, fields, source) instead of becoming samples, per reason.
    let keptRaw: [String: Int]
    /// Raw rows new to this delivery (a retry finds the earlier ones).
    let rawStored: Int
}

import Foundation
import Health
import HealthImport
import Hummingbird
import Storage

/// `POST /api/v1/health-auto-export`: the Health Auto Export iPhone app's REST automation. It authenticates
/// with a personal API token in the header the user configures in the app (`api-key`, `x-api-key`, or a
/// bearer token), and may retry or overlap backfills: samples are upserted on metric + date + source.
struct HealthAutoExportAPIController {
    let accounts: AccountService
    let ingest: HealthAutoExportIngest

    /// Backfills of a year of minute-level data are large; they are read whole (JSON), within this bound.
    static let maxBody = 256 << 20

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.post("health-auto-export", use: receive)
    }

    @Sendable func receive(request: Request, context: AppRequestContext) async throws -> HealthAutoExportResponse {
        let userId = try await owner(request, context)
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: Self.maxBody)
        } catch {
            throw UploadReceiver.tooLarge(Self.maxBody)
        }
        let payload: HealthAutoExportPayload
        do {
            payload = try HealthAutoExportPayload(json: Data(body.readableBytesView))
        } catch let invalid as HealthAutoExportPayload.Invalid {
            throw APIError.malformedJSON(detail: invalid.detail)
        }
        return try await ingest.store(payload, userId: userId)
    }

    private func owner(_ request: Request, _ context: AppRequestContext) async throws -> Int64 {
        if let id = context.user?.id, request.headers[.authorization] != nil { return id }
        for name in ["api-key", "x-api-key"] {
            if let secret = request.headers[values: .init(name)!].first?.trimmingCharacters(in: .whitespaces), !secret.isEmpty {
                guard let user = try await accounts.user(bearerToken: secret, now: Date()) else { throw APIError.unauthorized }
                return user.id!
            }
        }
        throw APIError.unauthorized
    }
}

/// Stores a Health Auto Export delivery.
struct HealthAutoExportIngest: Sendable {
    let database: AppDatabase
    /// Samples per transaction. A backfill is committed as it goes: if the app gives up waiting and sends it
    /// again, the retry finds what was already stored unchanged and only does the rest.
    var batchSize = 5_000

    func store(_ payload: HealthAutoExportPayload, userId: Int64) async throws -> HealthAutoExportResponse {
        var payload = payload
        var records = UpsertCounts()
        let workouts = try await database.upsertHealthAutoExport(userId: userId, samples: [], workouts: payload.workouts, now: Date()).workouts
        while true {
            let batch = payload.nextSamples(limit: batchSize)
            if batch.isEmpty { break }
            records += try await database.upsertHealthAutoExport(userId: userId, samples: batch, workouts: [], now: Date()).records
        }
        return HealthAutoExportResponse(records: records, workouts: workouts, skipped: payload.skipped)
    }
}

struct HealthAutoExportResponse: ResponseEncodable {
    let records: UpsertCounts
    let workouts: UpsertCounts
    let skipped: [String: Int]
}

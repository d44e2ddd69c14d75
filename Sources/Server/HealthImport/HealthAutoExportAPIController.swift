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

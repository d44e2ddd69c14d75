import Foundation
import Health
import Hummingbird
import Services
import Storage

/// `/api/v1/imports`: upload an Apple Health export or a CSV file (raw body or multipart), then follow the
/// background job. The body is streamed to disk, never held in memory, so the app's 1 MB body limit does
/// not apply here; `maxUploadBytes` does.
struct ImportsAPIController {
    let imports: ImportService

    var endpoints: RouteCollection<AppRequestContext> {
        let routes = RouteCollection(context: AppRequestContext.self)
        routes.post("imports", use: create)
        routes.get("imports", use: list)
        routes.get("imports/{id}", use: show)
        return routes
    }

    /// `keep` as a query parameter or a form field (a checkbox sends "on").
    static let keepValues = ["1": true, "true": true, "on": true, "yes": true, "0": false, "false": false, "off": false, "no": false]

    @Sendable func create(request: Request, context: AppRequestContext) async throws -> Response {
        let userId = try context.requireUserId()
        let destination = try imports.newUploadURL()
        let upload = try await UploadReceiver(limit: imports.maxUploadBytes).receive(request, to: destination)
        let keepText = upload.fields["keep"] ?? request.uri.queryParameters["keep"].map(String.init)
        // The documented values only: "keep=ture" must not quietly throw the file away.
        guard keepText == nil || Self.keepValues.keys.contains(keepText!) else {
            try? FileManager.default.removeItem(at: destination)
            throw APIError.invalidParameter("keep", expected: .oneOf(Self.keepValues.keys.sorted()))
        }
        let keep = keepText.flatMap { Self.keepValues[$0] } ?? false
        let job = try await imports.start(userId: userId, upload: destination, fileName: upload.fileName, keepFile: keep, logger: context.logger)
        var response = try context.responseEncoder.encode(try ImportJobResponse(job, language: context.language), from: request, context: context)
        response.status = .accepted
        response.headers[.location] = "/api/v1/imports/\(try job.savedId)"
        return response
    }

    @Sendable func list(request: Request, context: AppRequestContext) async throws -> ImportJobListResponse {
        let userId = try context.requireUserId()
        let jobs = try await imports.jobs(userId: userId, page: PageRequest(request.uri.queryParameters, defaultLimit: 20))
        return ImportJobListResponse(imports: try jobs.items.map { try ImportJobResponse($0, language: context.language) }, nextCursor: jobs.nextCursor?.token)
    }

    @Sendable func show(request: Request, context: AppRequestContext) async throws -> ImportJobResponse {
        let userId = try context.requireUserId()
        guard let id = context.parameters.get("id", as: Int64.self) else { throw APIError.notFound }
        return try ImportJobResponse(try await imports.job(id: id, userId: userId), language: context.language)
    }
}

struct ImportJobListResponse: ResponseEncodable {
    let imports: [ImportJobResponse]
    let nextCursor: String?
}

import Foundation
import Health
import Hummingbird
import Logging
import NIOCore
import Workouts

/// Turns every failure into an answer a person can read: JSON errors under /api, an HTML page elsewhere.
/// Errors nobody anticipated are logged and answered as 500 without details, so nothing internal leaks.
struct ErrorMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    let pages: WebRenderer

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as APIError {
            return respond(error, to: request, context: context)
        } catch let error as any DomainError {
            return respond(APIError(error), to: request, context: context)
        } catch is NIOTooManyBytesError {
            return respond(.bodyTooLarge, to: request, context: context)
        } catch let error as HTTPError {
            let apiError: APIError
            switch error.status {
            case .contentTooLarge: apiError = .bodyTooLarge
            case .notFound: apiError = APIError(status: .notFound, code: "no_such_route", message: .init(ja: "このURLはありません。", en: "There is nothing at this address."))
            case .unauthorized: apiError = .unauthorized
            default:
                apiError = APIError(
                    status: error.status, code: "http_\(error.status.code)",
                    message: .init(ja: error.body ?? error.status.reasonPhrase, en: error.body ?? error.status.reasonPhrase)
                )
            }
            return respond(apiError, to: request, context: context)
        } catch {
            // The route pattern, never the raw path: a path can carry a secret (a share link's or a calendar feed's token).
            context.logger.error("unhandled error", metadata: ["error": "\(String(reflecting: type(of: error)))", "route": "\(context.endpointPath ?? "unmatched")"])
            return respond(.internalError, to: request, context: context)
        }
    }

    private func respond(_ error: APIError, to request: Request, context: Context) -> Response {
        // The BulkTrack contract's errors are `{"code", "message"}` at the top level.
        if request.uri.path.hasPrefix("/v1/") { return error.bulkTrackResponse(in: context.language) }
        if request.uri.path.hasPrefix("/api/") || !(request.headers[.accept]?.contains("text/html") ?? false) {
            return error.response(in: context.language)
        }
        return pages.errorPage(error, context: context)
    }
}

import Hummingbird
import Storage

/// The guard of the JSON API's signed-in routes: no user (no token, a revoked one, or a session cookie on a write)
/// is a 401 in the API's error shape, before any handler runs.
struct APISignInGuard: RouterMiddleware {
    typealias Context = AppRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard context.user?.id != nil else { throw APIError.unauthorized }
        return try await next(request, context)
    }
}

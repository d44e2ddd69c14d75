import Foundation
import Hummingbird

/// Reads the application's clock once per request into `context.now`: the first middleware, so sign-in, limits,
/// validation windows and pages all see one instant.
struct RequestClockMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    let clock: @Sendable () -> Date

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        context.now = clock()
        return try await next(request, context)
    }
}

import Foundation
import Hummingbird
import Services

/// Finds out who is asking: a bearer token (API clients) or a session cookie (browsers).
/// It never refuses a request itself; routes that need a user ask `context.requireUserId()`.
struct AuthenticationMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    static let sessionCookie = "kiroku_session"

    let accounts: AccountService

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        let now = context.now
        // /v1 is the BulkTrack API, whose bearer tokens are device tokens: `BulkTrackAuthMiddleware` reads them.
        if request.uri.path.hasPrefix("/v1/") {
            return try await next(request, context)
        }
        if let authorization = request.headers[.authorization], authorization.lowercased().hasPrefix("bearer ") {
            let secret = String(authorization.dropFirst("bearer ".count)).trimmingCharacters(in: .whitespaces)
            // A wrong token is an error, not an anonymous request: the client meant to authenticate.
            guard let user = try await accounts.user(bearerToken: secret, now: now) else { throw APIError.unauthorized }
            context.user = user
        } else if let cookie = request.cookies[Self.sessionCookie]?.value,
                  let (session, user) = try await accounts.session(cookie: cookie, now: now)
        {
            // A cookie is sent by the browser on its own, so it may only authorize API reads; API writes
            // need a token, and web forms carry a CSRF token checked by their controllers.
            if !request.uri.path.hasPrefix("/api/") || request.method == .get || request.method == .head {
                context.user = user
                context.session = session
            }
        }
        return try await next(request, context)
    }
}

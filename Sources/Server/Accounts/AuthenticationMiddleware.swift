import Foundation
import Hummingbird
import Services

/// Finds out who is asking, in one order for every token-taking route: a key header (`X-API-Key` or `api-key`, what
/// phone apps send), when present, decides — a wrong or empty one is refused even beside a valid bearer token;
/// otherwise `Authorization: Bearer`; otherwise a session cookie (browsers, API reads only). It refuses only a wrong
/// credential; routes that need a user ask `context.requireUserId()`. The gateway reads its own headers (it also
/// takes Basic credentials and answers in Korean), in the same order.
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
        if let key = Self.keyHeader(request.headers), !request.uri.path.hasPrefix(Self.gatewayPath) {
            guard let user = try await accounts.user(bearerToken: key, address: context.clientAddress, now: now) else { throw APIError.unauthorized }
            context.user = user
        } else if let authorization = request.headers[.authorization], authorization.lowercased().hasPrefix("bearer ") {
            let secret = String(authorization.dropFirst("bearer ".count)).trimmingCharacters(in: .whitespaces)
            // A wrong token is an error, not an anonymous request: the client meant to authenticate.
            guard let user = try await accounts.user(bearerToken: secret, address: context.clientAddress, now: now) else { throw APIError.unauthorized }
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

    static let gatewayPath = "/api/v1/health-data"

    /// The first `X-API-Key` or `api-key` header's value, trimmed; present but empty counts (as a wrong key).
    static func keyHeader(_ headers: HTTPFields) -> String? {
        headers.first { ["x-api-key", "api-key"].contains($0.name.canonicalName) }?.value.trimmingCharacters(in: .whitespaces)
    }
}

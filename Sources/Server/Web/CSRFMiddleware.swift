import Foundation
import HTTPTypes
import Hummingbird

/// The guard of every web route that changes something (POST, PUT, PATCH, DELETE), set once on the web route groups:
///
/// 1. A request the browser marks as coming from another site (`Sec-Fetch-Site` other than `same-origin` or `none`)
///    is refused before anything is read.
/// 2. A URL-encoded form must carry the page's CSRF token in its `csrf` field (the session's, or the double-submit
///    cookie's on the sign-in pages). The body is read here, once, and handed on to the handler.
/// 3. A multipart upload is streamed to disk by its handler, which checks the token (sent first) before it stores a
///    byte.
///
/// Anything else (a text/plain form, which a foreign page can send) is refused.
struct CSRFMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    let csrf: CSRFProtection

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard Self.changesState(request.method) else { return try await next(request, context) }
        guard Self.isSameOrigin(request) else { throw APIError.invalidCSRFToken }
        let mediaType = request.headers[.contentType]?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        switch mediaType {
        case "application/x-www-form-urlencoded":
            var request = request
            let body = try await request.collectBody(upTo: context.maxUploadSize)
            let token = try? URLEncodedFormDecoder().decode(PostedToken.self, from: String(buffer: body)).csrf
            try csrf.verify(token, request: request, context: context)
            return try await next(request, context)
        case "multipart/form-data":
            return try await next(request, context)
        default:
            throw APIError.invalidCSRFToken
        }
    }

    static func changesState(_ method: HTTPRequest.Method) -> Bool {
        ![.get, .head, .options].contains(method)
    }

    /// Fetch metadata: what the browser says about where the request comes from. Without the header (an older
    /// browser, or no browser) the token checks below decide alone; `Origin` is not compared with `Host`, which a
    /// reverse proxy may rewrite.
    static func isSameOrigin(_ request: Request) -> Bool {
        guard let site = request.headers[fetchSite] else { return true }
        return site == "same-origin" || site == "none"
    }

    static let fetchSite = HTTPField.Name("Sec-Fetch-Site")!

    /// The one field this guard reads; the handler decodes the rest of the form.
    private struct PostedToken: Decodable {
        let csrf: String?
    }
}

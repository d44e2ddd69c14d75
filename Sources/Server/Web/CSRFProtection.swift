import Foundation
import Hummingbird
import Services
import Storage

/// CSRF tokens for every form. Signed-in pages use the session's token; the sign-in and sign-up pages,
/// which have no session yet, use a double-submit cookie set when the form is shown.
struct CSRFProtection: Sendable {
    static let cookieName = "kiroku_csrf"
    static let fieldName = "csrf"
    let secureCookies: Bool

    /// The token to embed in forms on this page, and a cookie to set when a new one had to be made.
    func token(for request: Request, context: AppRequestContext) -> (token: String, cookie: Cookie?) {
        if let session = context.session { return (session.csrfToken, nil) }
        if let existing = request.cookies[Self.cookieName]?.value, existing.count >= 32 { return (existing, nil) }
        let fresh = SecretToken.generate()
        return (fresh, Cookie(name: Self.cookieName, value: fresh, path: "/", secure: secureCookies, httpOnly: true, sameSite: .strict))
    }

    /// Refuses the form unless its token matches what this browser was given.
    func verify(_ submitted: String?, request: Request, context: AppRequestContext) throws {
        let expected = context.session?.csrfToken ?? request.cookies[Self.cookieName]?.value
        guard let expected, let submitted, SecretToken.constantTimeEquals(expected, submitted) else {
            throw APIError.invalidCSRFToken
        }
    }
}

/// A form posted from one of our pages: it carries the CSRF token the page was rendered with.
protocol PostedForm: Decodable {
    var csrf: String? { get }
}

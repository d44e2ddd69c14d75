import Hummingbird
import Services

/// The browser session's cookie, set and cleared in one shape everywhere: HttpOnly (no script reads it), SameSite=Lax
/// (a link from another site still arrives signed in; its forms do not), Secure behind HTTPS.
enum SessionCookie {
    static func make(_ secret: String, secure: Bool) -> Cookie {
        Cookie(
            name: AuthenticationMiddleware.sessionCookie, value: secret, maxAge: Int(AccountService.sessionLifetime),
            path: "/", secure: secure, httpOnly: true, sameSite: .lax
        )
    }

    /// Tells the browser to forget the cookie (signed out, account deleted).
    static func cleared(secure: Bool) -> Cookie {
        Cookie(name: AuthenticationMiddleware.sessionCookie, value: "", maxAge: 0, path: "/", secure: secure, httpOnly: true, sameSite: .lax)
    }
}

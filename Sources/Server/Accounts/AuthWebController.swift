import Foundation
import Health
import Hummingbird
import Logging
import Services
import Storage

/// Sign-up, sign-in and sign-out pages, plus the language switch for people not signed in.
struct AuthWebController {
    let accounts: AccountService
    let pages: WebRenderer
    let csrf: CSRFProtection
    let metrics: AppMetrics

    struct SignInForm: Decodable {
        let username: String?
        let password: String?
        let csrf: String?
    }

    struct SignUpForm: Decodable {
        let username: String?
        let password: String?
        let passwordConfirmation: String?
        let displayName: String?
        let csrf: String?
    }

    /// Pages anyone may open: mounted behind the CSRF guard only.
    var publicEndpoints: RouteCollection<AppRequestContext> {
        let routes = RouteCollection(context: AppRequestContext.self)
        routes.get("signin") { request, context in
            context.user != nil ? .redirect(to: "/") : form("signin", request: request, context: context)
        }
        routes.get("signup") { request, context -> Response in
            if context.user != nil { return .redirect(to: "/") }
            // Closed by the operator: the page says so at once, instead of a form that is refused only once filled in.
            return form("signup", request: request, context: context, error: accounts.takesSignUps ? nil : APIError(AccountError.signUpClosed))
        }
        routes.post("signin", use: signIn)
        routes.post("signup", use: signUp)
        routes.post("signout", use: signOut)
        routes.get("lang/{code}") { request, context -> Response in
            // A link from another site may set the cookie but never a signed-in person's saved choice.
            try await switchLanguage(request: request, context: context, next: request.uri.queryParameters["next"].map(String.init), savesProfile: CSRFMiddleware.isSameOrigin(request))
        }
        routes.post("lang/{code}") { request, context -> Response in
            struct LanguageForm: Decodable { let next: String?; let csrf: String? }
            let form = try await request.decodeForm(as: LanguageForm.self, context: context)
            return try await switchLanguage(request: request, context: context, next: form.next, savesProfile: true)
        }
        return routes
    }

    /// The language switch: a cookie for everyone and, signed in, the profile's language too (it wins over the cookie,
    /// so without this the switch would do nothing once the profile names a language).
    func switchLanguage(request: Request, context: AppRequestContext, next: String?, savesProfile: Bool) async throws -> Response {
        let code = context.parameters.get("code") ?? "ja"
        guard let language = Language(rawValue: code) else { throw APIError.notFound }
        if savesProfile, let user = context.user, user.id != nil, user.language != nil, user.language != language.rawValue {
            _ = try await accounts.updateProfile(user, with: ProfileUpdate(language: language.rawValue), now: context.now)
        }
        var response = Response.redirect(to: ReturnPath.safe(next))
        response.setCookie(Cookie(name: LanguageMiddleware.cookieName, value: language.rawValue, maxAge: 365 * 86400, path: "/", secure: csrf.secureCookies, httpOnly: true, sameSite: .lax))
        return response
    }

    /// The sign-in or sign-up page; after a refused sign-up, `refusal` puts each field's reason beside that field.
    func form(
        _ template: String, request: Request, context: AppRequestContext, error: APIError? = nil, refusal: SignUpRefusal? = nil,
        username: String = "", displayName: String = ""
    ) -> Response {
        let (token, cookie) = csrf.token(for: request, context: context)
        let strings = WebStrings.table(context.language)
        var values = pages.base(context, title: strings[template == "signin" ? "signIn" : "signUp"] ?? "", csrf: token)
        values["username"] = username
        values["displayName"] = displayName
        values["next"] = ReturnPath.queryValue(ReturnPath.safe(request.uri.queryParameters["next"].map(String.init)))
        if let error { values["error"] = error.message.text(in: context.language) }
        if let refusal {
            values["error"] = refusal.summary.text(in: context.language)
            for problem in refusal.problems { values[problem.field.rawValue + "Error"] = problem.error.message.text(in: context.language) }
        }
        if template == "signup", !accounts.takesSignUps { values["signUpClosed"] = true }
        if let notice = request.uri.queryParameters["notice"].flatMap({ strings[String($0)] }) { values["notice"] = notice }
        let status = error.map { [HTTPResponse.Status.tooManyRequests, .forbidden].contains($0.status) ? $0.status : .badRequest } ?? .ok
        var response = pages.render(template, values, status: status)
        if let error, error.status == .tooManyRequests { response.headers.append(contentsOf: error.headers) }
        if let cookie { response.setCookie(cookie) }
        return response
    }

    @Sendable func signIn(request: Request, context: AppRequestContext) async throws -> Response {
        let input = try await request.decodeForm(as: SignInForm.self, context: context)
        let username = input.username ?? ""
        do {
            let user = try await context.logger.timed("account.signIn") {
                try await accounts.signIn(username: username, password: input.password ?? "", address: context.clientAddress, now: context.now)
            }
            metrics.signIn(succeeded: true)
            context.logger.info("signed in", metadata: ["user_id": "\(user.id.map(String.init) ?? "-")"])
            return try await startSession(user: user, then: ReturnPath.safe(request.uri.queryParameters["next"].map(String.init)), request: request, context: context)
        } catch let error as any DomainError {
            metrics.signIn(succeeded: false)
            return form("signin", request: request, context: context, error: APIError(error), username: username)
        }
    }

    @Sendable func signUp(request: Request, context: AppRequestContext) async throws -> Response {
        let input = try await request.decodeForm(as: SignUpForm.self, context: context)
        let (username, displayName) = (input.username ?? "", input.displayName ?? "")
        do {
            let user = try await accounts.signUp(
                username: username, password: input.password ?? "", passwordConfirmation: input.passwordConfirmation ?? "", displayName: displayName,
                language: context.language, address: context.clientAddress, now: context.now
            )
            metrics.signUp()
            return try await startSession(user: user, then: "/", request: request, context: context)
        } catch let refusal as SignUpRefusal {
            // What was typed stays, except the passwords, which are never sent back in a page.
            return form("signup", request: request, context: context, error: APIError(refusal), refusal: refusal, username: username, displayName: displayName)
        } catch let error as any DomainError {
            return form("signup", request: request, context: context, error: APIError(error), username: username, displayName: displayName)
        }
    }

    @Sendable func signOut(request: Request, context: AppRequestContext) async throws -> Response {
        if let cookie = request.cookies[AuthenticationMiddleware.sessionCookie]?.value {
            try await accounts.endSession(cookie: cookie)
        }
        var response = Response.redirect(to: "/signin?notice=signedOutNotice")
        response.setCookie(SessionCookie.cleared(secure: csrf.secureCookies))
        return response
    }

    private func startSession(user: Storage.User, then location: String, request: Request, context: AppRequestContext) async throws -> Response {
        let (secret, _) = try await accounts.startSession(
            for: user, now: context.now, userAgent: request.headers[.userAgent], address: context.clientAddress
        )
        var response = Response.redirect(to: location)
        response.setCookie(SessionCookie.make(secret, secure: csrf.secureCookies))
        return response
    }
}

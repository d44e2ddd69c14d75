import Health
import Hummingbird
import Storage

/// Chooses the language of the answer: the signed-in user's own choice first, then the `lang` cookie
/// (the language switch on signed-out pages), then `Accept-Language`, then Japanese.
struct LanguageMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    static let cookieName = "kiroku_lang"

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        context.language = Self.language(for: request, user: context.user?.language)
        context.path = request.uri.path
        return try await next(request, context)
    }

    static func language(for request: Request, user: String?) -> Language {
        if let user, let language = Language(rawValue: user) { return language }
        if let cookie = request.cookies[cookieName]?.value, let language = Language(rawValue: cookie) { return language }
        return Language.preferred(fromAcceptLanguage: request.headers[.acceptLanguage]) ?? .ja
    }
}

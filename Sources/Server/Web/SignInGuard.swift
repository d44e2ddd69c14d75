import Hummingbird
import Storage

/// The guard of every signed-in page: a visitor without a session is sent to sign in, and comes back to the page they
/// asked for. Behind it `context.requireUser()` always has a user, so no handler checks sign-in by hand.
struct SignInGuard: RouterMiddleware {
    typealias Context = AppRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard context.user?.id == nil else { return try await next(request, context) }
        return .redirect(to: Self.signInPath(returningTo: request))
    }

    /// `/signin?next=<page>` for a page read; plain `/signin` for the home page and for a form post, whose target is
    /// no page to come back to.
    static func signInPath(returningTo request: Request) -> String {
        guard request.method == .get || request.method == .head, request.uri.path != "/" else { return "/signin" }
        let page = request.uri.query.map { "\(request.uri.path)?\($0)" } ?? request.uri.path
        return "/signin?next=" + ReturnPath.queryValue(ReturnPath.safe(page))
    }
}

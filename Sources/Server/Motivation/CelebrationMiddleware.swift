import Hummingbird
import Motivation
import Services
import Storage

/// Badges awarded since the person last saw a page: taken (and marked shown) on the next page they open, whichever
/// it is, so the celebration plays once (issue 12: "on the next page view after an award"). Only page views count:
/// a file download (`export.csv`, `card.png`, a calendar feed) or a form post never uses one up.
struct CelebrationMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let motivation: MotivationService

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.method == .get, let userId = context.user?.id, !(request.uri.path.split(separator: "/").last?.contains(".") ?? false) else {
            return try await next(request, context)
        }
        var context = context
        context.celebrations = (try? await motivation.takeCelebrations(userId: userId, now: context.now)) ?? []
        return try await next(request, context)
    }
}

import Hummingbird
import Services
import Storage

/// Counts a signed-in person's unread inbox messages for the navigation's badge, on the pages they open (GET).
struct InboxCountMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let inbox: InboxService

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.method == .get, let userId = context.user?.id else { return try await next(request, context) }
        var context = context
        context.unreadInbox = (try? await inbox.unreadCount(userId: userId)) ?? 0
        return try await next(request, context)
    }
}

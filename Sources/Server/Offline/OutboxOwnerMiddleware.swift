import Foundation
import HTTPTypes
import Hummingbird
import Services
import Storage

/// Names the signed-in account to the browser's offline outbox and service worker without naming anyone: an HMAC of
/// the user's id under the data directory's secret key, the same in every session of that account (so entries kept
/// while one session lapsed are sent when the same person signs in again) and different for every other account (so
/// they are never sent under someone else). Pages carry it in the layout; each HTML answer also carries it in
/// `X-Kiroku-Owner`, absent when no one is signed in, which is how the service worker learns that the session is
/// gone or the account changed, and forgets the pages it kept.
struct OutboxOwnerMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    static let header = HTTPField.Name("X-Kiroku-Owner")!

    let secrets: SecretBox

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        if context.session != nil, let userId = context.user?.id {
            // Without a key (an unwritable data directory) pages still work; only offline entry is not offered.
            context.outboxOwner = try? secrets.tag("outbox-owner:\(userId)")
        }
        var response = try await next(request, context)
        if let owner = context.outboxOwner, response.headers[.contentType]?.hasPrefix("text/html") == true {
            response.headers[Self.header] = owner
        }
        return response
    }
}

import Foundation
import Health
import Hummingbird
import Motivation
import NIOCore
import Storage

/// The request context every Kiroku route sees: who is asking, in which language, from where.
public struct AppRequestContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The signed-in user, set by the authentication middleware.
    public var user: User?
    /// The browser session, when the user came in with a session cookie (web pages, CSRF).
    public var session: Session?
    /// The language to answer in, chosen by `LanguageMiddleware`.
    public var language: Language = .ja {
        didSet { languageIsChosen = true }
    }
    /// False until a middleware chose `language`: an error thrown before then (a wrong API token, refused by the
    /// authentication middleware that runs first) is answered in the request's `Accept-Language`, not the default.
    public private(set) var languageIsChosen = false
    /// The path being served, so a page can link back to itself (the language switch).
    public var path: String = "/"
    /// The instant this request is handled at, read once from the application's clock by `RequestClockMiddleware`,
    /// so every rule a request applies sees the same "now" and tests can stand at any moment.
    public var now = Date(timeIntervalSince1970: 0)
    /// The opaque key the signed-in browser's offline outbox files entries under (`OutboxOwnerMiddleware`).
    public var outboxOwner: String?
    /// Unread inbox messages, counted for the navigation's badge on signed-in pages.
    public var unreadInbox = 0
    /// Badges awarded since the last page view, shown once by the layout.
    public var celebrations: [Badge] = []
    public let remoteAddress: SocketAddress?

    public init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
        self.remoteAddress = source.channel.remoteAddress
    }

    /// Bodies are small JSON documents or forms; anything larger is refused with 413 before it is read whole.
    public var maxUploadSize: Int { 1024 * 1024 }

    public var requestDecoder: APIRequestDecoder { APIRequestDecoder() }
    public var responseEncoder: APIResponseEncoder { APIResponseEncoder() }

    /// The client a trusted reverse proxy connected for (`ForwardedClientMiddleware`); nil without one.
    public var forwardedClient: String?

    /// The client's address without the port, for rate limiting: the one a trusted proxy forwarded for, else the
    /// connection's; "unknown" when the transport has none.
    public var clientAddress: String {
        forwardedClient ?? remoteAddress?.ipAddress ?? "unknown"
    }

    /// The signed-in user's id, or a 401 for the API.
    public func requireUserId() throws -> Int64 {
        guard let id = user?.id else { throw APIError.unauthorized }
        return id
    }

    /// The signed-in user, or a 401: for routes behind the sign-in guard, where one is always set.
    public func requireUser() throws -> User {
        guard let user, user.id != nil else { throw APIError.unauthorized }
        return user
    }
}

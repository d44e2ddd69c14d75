import Foundation
import HTTPTypes
import Hummingbird
import Webhooks

/// Behind a reverse proxy every connection comes from the proxy, so sign-in limits counted by address would count
/// every client as one: five wrong passwords from anyone would slow the account's owner too. For a connection from a
/// configured proxy, the client is the last `X-Forwarded-For` entry that is not itself a trusted proxy — the one
/// the proxies appended; entries further left were sent by the client and prove nothing. A connection from anywhere
/// else keeps its own address, whatever it sends.
struct ForwardedClientMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    static let header = HTTPField.Name("X-Forwarded-For")!

    let trustedProxies: Set<IPAddress>

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let peer = context.remoteAddress?.ipAddress.flatMap(IPAddress.init), trustedProxies.contains(peer) else {
            return try await next(request, context)
        }
        var context = context
        context.forwardedClient = Self.client(forwardedFor: request.headers[values: Self.header], trusted: trustedProxies)
        return try await next(request, context)
    }

    /// The right-most entry that is not a trusted proxy, written as an address; nil when there is none or it is not an
    /// address (the connection's own address is used then).
    static func client(forwardedFor fields: [String], trusted: Set<IPAddress>) -> String? {
        let entries = fields.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }
        for entry in entries.reversed() {
            guard let address = IPAddress(entry) else { return nil }
            if !trusted.contains(address) { return address.description }
        }
        return nil
    }
}

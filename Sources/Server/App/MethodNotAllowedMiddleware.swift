import Foundation
import Health
import Hummingbird
import Synchronization

/// Answers `405 Method Not Allowed` with an `Allow` header when the router found nothing for a request whose path
/// is a known route under other methods (`DELETE /api/v1/metrics`), instead of the router's 404. Paths no route has
/// keep their 404. The route table is filled once the router is built (`RouteTable.fill`).
struct MethodNotAllowedMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    /// The router's routes as path segments and methods, set once after every route is added.
    final class RouteTable: Sendable {
        private let routes = Mutex<[(segments: [String], method: HTTPRequest.Method)]>([])

        func fill(_ descriptions: [Router<AppRequestContext>.RouteDescription]) {
            let table = descriptions.map { description in
                (segments: description.path.description.split(separator: "/").map(String.init), method: description.method)
            }
            routes.withLock { $0 = table }
        }

        /// The methods the routes matching `path` accept, in a stable order; empty when no route matches.
        /// Like the router, a literal segment wins over a capture: `PATCH /api/v1/tasks/export` is the export
        /// route's (GET only), not `/api/v1/tasks/{id}`'s, which the router never tries for that path.
        func methods(for path: String) -> [String] {
            let requested = path.split(separator: "/").map(String.init)
            let found = routes.withLock { routes in
                routes.filter { Self.matches($0.segments, requested) }
            }
            guard let best = found.map({ Self.literals($0.segments) }).max(by: { Self.isMoreSpecific($1, than: $0) }) else { return [] }
            return Array(Set(found.filter { Self.literals($0.segments) == best }.map(\.method.rawValue))).sorted()
        }

        /// Which segments of a route are literal (true) rather than captures.
        static func literals(_ pattern: [String]) -> [Bool] {
            pattern.map { !($0 == "*" || $0 == "**" || $0.hasPrefix(":") || ($0.hasPrefix("{") && $0.hasSuffix("}"))) }
        }

        /// The first segment where two routes differ decides: the literal one is the more specific.
        static func isMoreSpecific(_ first: [Bool], than second: [Bool]) -> Bool {
            for (a, b) in zip(first, second) where a != b { return a }
            return first.count > second.count
        }

        static func matches(_ pattern: [String], _ path: [String]) -> Bool {
            var index = 0
            for segment in pattern {
                if segment == "**" { return true }
                guard index < path.count else { return false }
                let isCapture = segment == "*" || segment.hasPrefix(":") || (segment.hasPrefix("{") && segment.hasSuffix("}"))
                guard isCapture || segment == path[index] else { return false }
                index += 1
            }
            return index == path.count
        }
    }

    let table: RouteTable

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            let allowed = table.methods(for: request.uri.path)
            guard !allowed.isEmpty, !allowed.contains(request.method.rawValue) else { throw error }
            throw APIError(
                status: .methodNotAllowed, code: "method_not_allowed",
                message: LocalizedText(
                    ja: "このURLは \(request.method.rawValue) を受け付けません（使えるのは \(allowed.joined(separator: ", "))）。",
                    en: "This address does not accept \(request.method.rawValue) (allowed: \(allowed.joined(separator: ", ")))."
                ),
                headers: [.allow: allowed.joined(separator: ", ")]
            )
        }
    }
}

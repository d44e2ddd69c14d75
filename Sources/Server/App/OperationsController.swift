import Foundation
import Hummingbird
import Storage

/// `/metrics` (Prometheus text), `/openapi.yaml` (the API contract), the stylesheet and the small scripts
/// that progressively enhance some pages.
struct OperationsController {
    let metrics: AppMetrics
    /// Read at scrape time when the gateway feeds Kafka, so the outbox gauges are never stale.
    let outbox: AppDatabase?

    static let openAPIDocument: String = resource("openapi", "yaml")
    /// Files under `/static/`, read once: name → (content type, text).
    static let staticFiles: [String: (contentType: String, text: String)] = [
        "kiroku.css": ("text/css; charset=utf-8", resource("kiroku", "css")),
        "tasks.js": ("text/javascript; charset=utf-8", resource("tasks", "js")),
        "sawayaka.js": ("text/javascript; charset=utf-8", resource("sawayaka", "js")),
        "sawayaka.css": ("text/css; charset=utf-8", resource("sawayaka", "css")),
    ]

    static func resource(_ name: String, _ ext: String) -> String {
        guard let url = Bundle.module.url(forResource: name, withExtension: ext, subdirectory: "Public"),
              let text = try? String(contentsOf: url, encoding: .utf8)
        else { return "" }
        return text
    }

    var endpoints: RouteCollection<AppRequestContext> {
        let routes = RouteCollection(context: AppRequestContext.self)
        routes.get("metrics") { _, _ in
            if let outbox {
                let state = try await outbox.outboxState()
                metrics.outbox(depth: state.depth, oldestAge: state.oldest.map { max(0, Date().timeIntervalSince($0)) } ?? 0)
            }
            return Response(
                status: .ok,
                headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(string: metrics.exposition()))
            )
        }
        routes.get("openapi.yaml") { _, _ in
            Response(status: .ok, headers: [.contentType: "application/yaml; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: Self.openAPIDocument)))
        }
        routes.get("static/{name}") { _, context in
            guard let name = context.parameters.get("name"), let file = Self.staticFiles[name] else { throw APIError.notFound }
            return Response(
                status: .ok,
                headers: [.contentType: file.contentType, .cacheControl: "public, max-age=3600"],
                body: .init(byteBuffer: ByteBuffer(string: file.text))
            )
        }
        return routes
    }
}

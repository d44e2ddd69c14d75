import Foundation
import Hummingbird
import Services
import Storage

/// `/metrics` (Prometheus text) and `/openapi.yaml` (the API contract). The stylesheets and scripts under `/static/`
/// come from the bundle's Public folder through `FileMiddleware` (see `buildRouter`).
struct OperationsController {
    let metrics: AppMetrics
    /// Read at scrape time when the gateway feeds Kafka, so the outbox gauges are never stale.
    let outbox: SQLiteOutbox?

    static let openAPIDocument: String = resource("openapi", "yaml")

    /// The folder `/static/` serves: stylesheets and the small scripts that progressively enhance some pages.
    static var publicFolder: String? {
        Bundle.module.resourceURL?.appendingPathComponent("Public", isDirectory: true).path
    }

    static func resource(_ name: String, _ ext: String) -> String {
        guard let url = Bundle.module.url(forResource: name, withExtension: ext, subdirectory: "Public"),
              let text = try? String(contentsOf: url, encoding: .utf8)
        else { return "" }
        return text
    }

    var endpoints: RouteCollection<AppRequestContext> {
        let routes = RouteCollection(context: AppRequestContext.self)
        routes.get("metrics") { _, context in
            if let outbox {
                let state = try await outbox.state()
                metrics.outbox(depth: state.depth, oldestAge: state.oldest.map { max(0, context.now.timeIntervalSince($0)) } ?? 0, quarantined: state.quarantined)
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
        return routes
    }
}

import Foundation
import Hummingbird

/// `/metrics` (Prometheus text), `/openapi.yaml` (the API contract) and the stylesheet.
struct OperationsController {
    let metrics: AppMetrics

    static let openAPIDocument: String = resource("openapi", "yaml")
    static let stylesheet: String = resource("kiroku", "css")

    static func resource(_ name: String, _ ext: String) -> String {
        guard let url = Bundle.module.url(forResource: name, withExtension: ext, subdirectory: "Public"),
              let text = try? String(contentsOf: url, encoding: .utf8)
        else { return "" }
        return text
    }

    func addRoutes(to router: Router<AppRequestContext>) {
        router.get("metrics") { _, _ in
            Response(
                status: .ok,
                headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(string: metrics.exposition()))
            )
        }
        router.get("openapi.yaml") { _, _ in
            Response(status: .ok, headers: [.contentType: "application/yaml; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: Self.openAPIDocument)))
        }
        router.get("static/kiroku.css") { _, _ in
            Response(
                status: .ok,
                headers: [.contentType: "text/css; charset=utf-8", .cacheControl: "public, max-age=3600"],
                body: .init(byteBuffer: ByteBuffer(string: Self.stylesheet))
            )
        }
    }
}

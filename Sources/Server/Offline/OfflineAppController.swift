import Foundation
import Health
import HTTPTypes
import Hummingbird

/// What makes Kiroku installable and usable offline: the web app manifest (one per language, since the browser
/// fetches it without cookies), the service worker served from the root so its scope is the whole site, and the
/// page it shows when neither the network nor its cache has the page asked for. The icons are plain files under
/// `/static/` (icon.svg, and the PNGs rendered from it with `rsvg-convert -w 192 -h 192 icon.svg -o icon-192.png`).
struct OfflineAppController {
    let pages: WebRenderer
    let csrf: CSRFProtection

    static let themeColor = "#2f6fde"
    /// `no` on a page the service worker must not keep for offline reading (one that shows a secret once).
    static let keepHeader = HTTPField.Name("X-Kiroku-Keep")!
    static let serviceWorker = OperationsController.resource("sw", "js")

    var endpoints: RouteCollection<AppRequestContext> {
        let routes = RouteCollection(context: AppRequestContext.self)
        routes.get("manifest.webmanifest") { request, context -> Response in
            let language = request.uri.queryParameters["lang"].flatMap { Language(rawValue: String($0)) } ?? context.language
            return Response(
                status: .ok,
                headers: [.contentType: "application/manifest+json; charset=utf-8", .cacheControl: "public, max-age=3600"],
                body: .init(byteBuffer: ByteBuffer(bytes: try Self.manifest(language)))
            )
        }
        routes.get("sw.js") { _, _ -> Response in
            // Always revalidated, so a new worker reaches browsers on their next visit; allowed the root scope.
            Response(
                status: .ok,
                headers: [
                    .contentType: "text/javascript; charset=utf-8", .cacheControl: "no-cache",
                    .init("Service-Worker-Allowed")!: "/",
                ],
                body: .init(byteBuffer: ByteBuffer(string: Self.serviceWorker))
            )
        }
        routes.get("offline") { request, context -> Response in
            let strings = WebStrings.table(context.language)
            let values = pages.base(context, title: strings["pwaOfflineTitle"]!, csrf: csrf.token(for: request, context: context).token)
            return pages.render("offline", values)
        }
        return routes
    }

    static func manifest(_ language: Language) throws -> Data {
        let strings = WebStrings.table(language)
        let manifest: [String: Any] = [
            "name": strings["appName"]!,
            "short_name": strings["pwaShortName"]!,
            "description": strings["pwaDescription"]!,
            "lang": language.rawValue,
            "id": "/",
            "start_url": "/",
            "scope": "/",
            "display": "standalone",
            "theme_color": themeColor,
            "background_color": "#f6f7f9",
            "icons": [
                ["src": "/static/icon-192.png", "sizes": "192x192", "type": "image/png", "purpose": "any"],
                ["src": "/static/icon-512.png", "sizes": "512x512", "type": "image/png", "purpose": "any maskable"],
                ["src": "/static/icon.svg", "sizes": "any", "type": "image/svg+xml"],
            ],
        ]
        return try JSONSerialization.data(withJSONObject: manifest, options: [.sortedKeys, .withoutEscapingSlashes])
    }
}

import Hummingbird

/// Absolute addresses of this server's pages, for what leaves the browser: a calendar app subscribing to a feed, a
/// social network fetching a share card's image. Built on the operator's `--public-url` when there is one (a proxy
/// may have rewritten the request's host), else on the host and scheme the request came to.
struct PublicAddress: Sendable {
    /// The operator's `--public-url`, without a trailing slash.
    let publicURL: String?
    /// Whether the server itself serves HTTPS.
    let servesHTTPS: Bool

    func absolute(_ path: String, request: Request) -> String {
        if let publicURL { return publicURL + path }
        let host = request.head.authority ?? "localhost"
        let forwarded = request.headers[.init("X-Forwarded-Proto")!]
        let scheme = forwarded == "https" || servesHTTPS ? "https" : "http"
        return "\(scheme)://\(host)\(path)"
    }
}

import Foundation
import HTTPTypes

/// One JSON route of the API with a request that is valid for it: the fuzzer's starting point, which it then mutates.
/// Path placeholders (`{record}`, `{task}`, …) name the kind of id they take, filled from `FuzzFixture`.
struct FuzzRoute {
    enum Credential {
        case none
        /// A personal API token as `Authorization: Bearer`.
        case apiToken
        /// The same token as `X-API-Key` (the gateway phone app).
        case apiKeyHeader
        /// The same token as `api-key` (Health Auto Export).
        case healthAutoExportKey
        /// A BulkTrack device's access token.
        case device
        /// The wait-time operator token (`X-Operator-Token`).
        case operatorToken
    }

    let method: HTTPRequest.Method
    let path: String
    var credential = Credential.apiToken
    var body: FuzzJSON?
    /// Query parameters the route reads, each with values it accepts.
    var query: [(name: String, values: [String])] = []
    /// How often the route is picked, relative to the others (deletions are rare, so the fixture lives).
    var weight = 4
    /// A raw (non-JSON) body and its content type, for uploads.
    var rawBody: (contentType: String, text: String)?

    /// Method and path template: how failures are grouped in the report.
    var template: String { "\(method.rawValue) \(path)" }
}

/// Ids of things the fuzzed user owns, so requests reach real rows rather than stopping at 404.
struct FuzzFixture {
    var record = "1"
    var task = "1"
    var step = "1"
    var set = "00000000-0000-4000-8000-000000000000"
    var alert = "1"
    var importJob = "1"
    /// A second API token, the only one a fuzzed DELETE may revoke (never the one the fuzzer signs in with).
    var spareToken = "2"
    /// A refresh token of a second device: refresh and logout rotate and revoke it, never the fuzzer's own device.
    var spareRefreshToken = ""

    func value(for placeholder: String) -> String? {
        switch placeholder {
        case "record": record
        case "task": task
        case "step": step
        case "set": set
        case "alert": alert
        case "import": importJob
        case "token": spareToken
        case "store": "kannami"
        case "day": "2026-11-16"
        default: nil
        }
    }
}

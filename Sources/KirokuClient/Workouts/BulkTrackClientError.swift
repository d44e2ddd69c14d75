import Foundation

/// Why a BulkTrack call failed, as the app decides what to do next: retry later (transport, server), sign in
/// again (unauthorized), or show the person the server's message and give up (rejected).
public enum BulkTrackClientError: Error, Sendable, Equatable {
    /// No answer at all: offline, connection refused, timeout.
    case transport(String)
    /// 5xx after the retries.
    case server(status: Int)
    /// 401 even after refreshing and re-authenticating.
    case unauthorized
    /// 4xx: the request itself is wrong; sending it again will not help.
    case rejected(status: Int, code: String, message: String)
    /// The answer was not the contract's shape.
    case undecodable

    /// True when the same request may succeed later.
    public var isRetryable: Bool {
        switch self {
        case .transport, .server: true
        case .unauthorized, .rejected, .undecodable: false
        }
    }
}

import Foundation
import Hummingbird

/// Both shapes the app's versions decode (status/requestId/samplesReceived and success/syncedCount/failedCount),
/// plus the per-sample rejections so a client can tell which samples were refused and why.
struct GatewayResponse: ResponseEncodable, Decodable {
    struct Rejected: Codable {
        let index: Int
        let id: String?
        let reason: String
    }

    let status: String
    let requestId: String
    /// To the second (`Instant.iso8601WholeSeconds`): the app's older versions decode it as a `Date` with `.iso8601`,
    /// which refuses milliseconds, and then treat a stored batch as failed and send it again and again.
    let timestamp: String
    let samplesReceived: Int
    let success: Bool
    let syncedCount: Int
    let failedCount: Int
    /// New samples stored by this request; the rest of `syncedCount` were already stored by an earlier attempt.
    let storedCount: Int
    let duplicateCount: Int
    let message: String
    let rejected: [Rejected]
    /// Samples stored as sent, with why they are not records (a unit Kiroku cannot convert); counted in `syncedCount`.
    let keptRawCount: Int
    let keptRaw: [Rejected]
}

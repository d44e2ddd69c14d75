import Foundation

extension GatewayClient {
    /// What "test connection" found: the gateway answered and took the credentials, refused them, could not be
    /// reached, or answered something unexpected.
    public enum ConnectionCheck: Sendable, Equatable {
        case ok
        case credentialsRefused(status: Int)
        case unreachable(reason: String)
        case unexpected(status: Int, reason: String)
    }

    /// Posts an empty batch: nothing is stored, but the gateway must reach the credential check to answer it.
    /// A 2xx, or a 400/422 about the empty batch, means the address and the credentials both work.
    public func checkConnection(deviceId: String, userId: String) async -> ConnectionCheck {
        let payload = SyncPayload(deviceId: deviceId, userId: userId, timestamp: Date(), appVersion: "kiroku-check", samples: [])
        switch await send(payload) {
        case .accepted: return .ok
        case .refused(let status, _) where status == 401 || status == 403: return .credentialsRefused(status: status)
        case .refused(let status, _) where status == 400 || status == 422: return .ok
        case .refused(let status, let reason): return .unexpected(status: status, reason: reason)
        case .retryable(let status?, let reason): return .unexpected(status: status, reason: reason)
        case .retryable(nil, let reason), .unreachable(let reason), .untrusted(let reason): return .unreachable(reason: reason)
        }
    }
}

import Foundation

/// One run of the agent, as `sync history` lists it (R6).
public struct SyncAttempt: Codable, Sendable, Equatable {
    public enum Status: String, Codable, Sendable {
        /// Every record sent was accepted.
        case success
        /// Everything was delivered, but the gateway refused some samples as invalid.
        case partial
        /// Stopped before everything was delivered; what was confirmed stays confirmed.
        case failed
        /// Nothing was waiting.
        case idle
    }

    public var startedAt: Date
    public var duration: TimeInterval
    public var status: Status
    /// Records the gateway confirmed in this run.
    public var sent: Int
    public var rejected: Int
    /// How many HTTP requests were retried after a timeout, a dropped connection or a 5xx.
    public var retries: Int
    public var httpStatus: Int?
    public var error: String?

    public init(startedAt: Date, duration: TimeInterval = 0, status: Status, sent: Int = 0, rejected: Int = 0, retries: Int = 0, httpStatus: Int? = nil, error: String? = nil) {
        self.startedAt = startedAt
        self.duration = duration
        self.status = status
        self.sent = sent
        self.rejected = rejected
        self.retries = retries
        self.httpStatus = httpStatus
        self.error = error
    }
}

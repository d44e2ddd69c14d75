import Foundation

/// Exponential backoff: base, 2×base, 4×base … capped. The app's authors asked for 3 retries on 5xx.
public struct BulkTrackRetryPolicy: Sendable, Equatable {
    public var retries: Int
    public var baseDelay: Duration
    public var maxDelay: Duration

    public init(retries: Int = 3, baseDelay: Duration = .seconds(1), maxDelay: Duration = .seconds(60)) {
        self.retries = retries
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
    }

    /// The wait before attempt `attempt + 1`, after `attempt` failures (1-based).
    public func delay(afterFailures attempt: Int) -> Duration {
        let factor = 1 << min(max(attempt - 1, 0), 30)
        return min(baseDelay * factor, maxDelay)
    }
}

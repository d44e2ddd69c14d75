/// The one retry schedule every Kiroku client and relay uses: wait `baseDelay`, then twice that, four times, …,
/// never more than `maxDelay`, for at most `retries` retries. The phone gateway's 1, 2, 4, 8, 16 s is
/// `Backoff(retries: 5, baseDelay: .seconds(1), maxDelay: .seconds(16))`; a relay that never gives up asks
/// `delay(afterFailures:)` without looking at `retries`.
public struct Backoff: Sendable, Equatable {
    public var retries: Int
    public var baseDelay: Duration
    public var maxDelay: Duration

    public init(retries: Int, baseDelay: Duration, maxDelay: Duration) {
        self.retries = max(retries, 0)
        self.baseDelay = baseDelay
        self.maxDelay = max(maxDelay, baseDelay)
    }

    /// The wait before the next attempt after `failures` failed ones (1-based; 0 is treated as 1).
    public func delay(afterFailures failures: Int) -> Duration {
        let doublings = min(max(failures - 1, 0), 30)
        return min(baseDelay * (1 << doublings), maxDelay)
    }

    /// Every wait of a run that gives up after `retries` retries, in order.
    public var delays: [Duration] {
        (0..<retries).map { delay(afterFailures: $0 + 1) }
    }

    /// The design's gateway schedule (seed 002): 1, 2, 4, 8 and 16 s, then the data waits for the next run.
    public static let gatewaySync = Backoff(retries: 5, baseDelay: .seconds(1), maxDelay: .seconds(16))
    /// BulkTrack's authors asked for 3 retries on a 5xx, doubling from 1 s.
    public static let bulkTrack = Backoff(retries: 3, baseDelay: .seconds(1), maxDelay: .seconds(60))
}

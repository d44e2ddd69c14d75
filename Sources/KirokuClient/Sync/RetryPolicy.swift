import Foundation

/// The phone app's schedule: wait 1, 2, 4, 8 and 16 seconds between attempts, then give up for this run
/// (the data stays queued for the next). Tests pass a shorter schedule.
public struct RetryPolicy: Sendable, Equatable {
    public var delays: [Duration]

    public init(delays: [Duration] = [.seconds(1), .seconds(2), .seconds(4), .seconds(8), .seconds(16)]) {
        self.delays = delays
    }
}

import Foundation
import Synchronization

/// At most `limit` events per key in any window of `window` seconds: the one rate limit Kiroku's systems share
/// (gateway requests per API key, new BulkTrack devices per address). In memory: a restart forgets, which only ever
/// lets a client through sooner. Sign-in uses `LoginRateLimiter` instead, whose delays grow with each failure.
///
/// Synchronous behind a lock rather than an actor: a new account's admission is taken inside the database write
/// transaction that makes the account (`admitNewAccount`), which cannot await, so that deciding "this is a new
/// account" and counting it are one step; two simultaneous first calls of one device are then counted once.
public final class SlidingWindowLimiter: Sendable {
    public enum Admission: Sendable, Equatable {
        case allowed
        /// Refused; the earliest moment it would be allowed is this many seconds away (at least 1).
        case retryAfter(Int)
    }

    public let limit: Int
    public let window: TimeInterval
    /// Past this many keys, keys with nothing inside the window are dropped, so many clients cannot grow it forever.
    public let maxKeys: Int
    private let events = Mutex<[String: [Date]]>([:])

    public init(limit: Int, window: TimeInterval, maxKeys: Int = 10_000) {
        self.limit = limit
        self.window = window
        self.maxKeys = maxKeys
    }

    /// Records the event when it is within the limit.
    public func admit(_ key: String, now: Date) -> Admission {
        let windowStart = now.addingTimeInterval(-window)
        return events.withLock { events in
            var times = events[key, default: []].filter { $0 > windowStart }
            defer {
                events[key] = times.isEmpty ? nil : times
                if events.count > maxKeys { events = events.filter { $0.value.last.map { $0 > windowStart } ?? false } }
            }
            guard times.count < limit else {
                let wait = times.first.map { Int($0.timeIntervalSince(windowStart).rounded(.up)) } ?? Int(window)
                return .retryAfter(max(1, wait))
            }
            times.append(now)
            return .allowed
        }
    }
}

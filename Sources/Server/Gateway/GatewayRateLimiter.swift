import Foundation

/// Requests per key in a sliding one-minute window. In memory: a restart forgets, which only ever lets a
/// client through sooner.
actor GatewayRateLimiter {
    let perMinute: Int
    private var recent: [String: [Date]] = [:]

    init(perMinute: Int) {
        self.perMinute = perMinute
    }

    /// Records the request and says whether it is within the limit; when it is not, also how many seconds
    /// until it would be.
    func admit(_ key: String, now: Date) -> (allowed: Bool, retryAfter: Int) {
        let windowStart = now.addingTimeInterval(-60)
        var times = recent[key, default: []].filter { $0 > windowStart }
        defer { recent[key] = times }
        guard times.count < perMinute else {
            let wait = times.first.map { Int(($0.timeIntervalSince(windowStart)).rounded(.up)) } ?? 60
            return (false, max(1, wait))
        }
        times.append(now)
        if recent.count > 10_000 { recent = recent.filter { $0.value.last.map { $0 > windowStart } ?? false } }
        return (true, 0)
    }
}

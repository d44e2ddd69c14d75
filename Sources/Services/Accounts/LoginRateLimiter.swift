import Foundation

/// Slows password guessing without letting anyone lock an account's owner out.
///
/// Failures are counted per (account, address) pair: after `freeFailures` of them the pair waits before its next
/// try, `firstDelay` and then twice as long after each further failure, up to `maxDelay`. Someone guessing 花子's
/// password from one address therefore slows only themselves — 花子, from her own address, signs in as always.
/// Failures are also counted per address across every account (`freeFailuresPerAddress`, same growing delays), so
/// one address spraying many accounts is slowed too, again without touching those accounts from anywhere else.
/// Both counts are forgotten once a pair or address has been quiet for its delay plus `quietPeriod`.
public actor LoginRateLimiter {
    public struct Limits: Sendable {
        public var freeFailures: Int
        public var freeFailuresPerAddress: Int
        public var firstDelay: TimeInterval
        public var maxDelay: TimeInterval
        public var quietPeriod: TimeInterval

        public init(
            freeFailures: Int = 5, freeFailuresPerAddress: Int = 20, firstDelay: TimeInterval = 1, maxDelay: TimeInterval = 15 * 60,
            quietPeriod: TimeInterval = 15 * 60
        ) {
            self.freeFailures = freeFailures
            self.freeFailuresPerAddress = freeFailuresPerAddress
            self.firstDelay = firstDelay
            self.maxDelay = maxDelay
            self.quietPeriod = quietPeriod
        }

        /// How long to wait after the last of `failures` failures, when `free` of them cost nothing.
        func delay(after failures: Int, free: Int) -> TimeInterval {
            guard failures >= free else { return 0 }
            // 2^doublings overflows nothing: past 30 doublings the cap has long been reached.
            let doublings = min(failures - free, 30)
            return min(firstDelay * Double(1 << doublings), maxDelay)
        }
    }

    /// The answer to "may this try go ahead now?".
    public enum Decision: Equatable, Sendable {
        case allowed
        /// Not before this many seconds (rounded up, at least 1) have passed.
        case retryAfter(Int)
    }

    private struct Failures {
        var count: Int
        var last: Date
    }

    private struct Pair: Hashable {
        let account: String
        let address: String
    }

    private let limits: Limits
    private var byPair: [Pair: Failures] = [:]
    private var byAddress: [String: Failures] = [:]
    private var lastPruned = Date.distantPast

    public init(limits: Limits = Limits()) {
        self.limits = limits
    }

    public func check(account: String, address: String, now: Date) -> Decision {
        prune(now: now)
        let ready = [
            byPair[Pair(account: account.lowercased(), address: address)].map { $0.last + limits.delay(after: $0.count, free: limits.freeFailures) },
            byAddress[address].map { $0.last + limits.delay(after: $0.count, free: limits.freeFailuresPerAddress) },
        ].compactMap { $0 }.max()
        guard let ready, ready > now else { return .allowed }
        return .retryAfter(max(1, Int(ready.timeIntervalSince(now).rounded(.up))))
    }

    public func recordFailure(account: String, address: String, now: Date) {
        let pair = Pair(account: account.lowercased(), address: address)
        byPair[pair] = Failures(count: remembered(byPair[pair], free: limits.freeFailures, now: now) + 1, last: now)
        byAddress[address] = Failures(count: remembered(byAddress[address], free: limits.freeFailuresPerAddress, now: now) + 1, last: now)
    }

    /// The right password clears that pair's failures; the address keeps its count, so knowing one password does
    /// not buy more guesses at the others.
    public func recordSuccess(account: String, address: String) {
        byPair[Pair(account: account.lowercased(), address: address)] = nil
    }

    /// The failures still counted at `now`: none once the entry has been quiet for its delay and the quiet period.
    private func remembered(_ failures: Failures?, free: Int, now: Date) -> Int {
        guard let failures, now < failures.last + limits.delay(after: failures.count, free: free) + limits.quietPeriod else { return 0 }
        return failures.count
    }

    /// Drops forgotten entries, at most once a minute, so memory follows the recent failure rate.
    private func prune(now: Date) {
        guard now.timeIntervalSince(lastPruned) >= 60 else { return }
        lastPruned = now
        byPair = byPair.filter { remembered($0.value, free: limits.freeFailures, now: now) > 0 }
        byAddress = byAddress.filter { remembered($0.value, free: limits.freeFailuresPerAddress, now: now) > 0 }
    }
}

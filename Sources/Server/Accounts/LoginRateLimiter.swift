import Foundation

/// Counts failed sign-ins per account and per client address over a sliding window, so a password
/// cannot be guessed quickly, yet one noisy address cannot lock every account out.
public actor LoginRateLimiter {
    public struct Limits: Sendable {
        public var perAccount: Int
        public var perAddress: Int
        public var window: TimeInterval

        public init(perAccount: Int = 5, perAddress: Int = 20, window: TimeInterval = 15 * 60) {
            self.perAccount = perAccount
            self.perAddress = perAddress
            self.window = window
        }
    }

    private let limits: Limits
    private var failuresByAccount: [String: [Date]] = [:]
    private var failuresByAddress: [String: [Date]] = [:]

    public init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// True when another attempt for this account from this address may be tried now.
    public func allows(account: String, address: String, now: Date) -> Bool {
        prune(now: now)
        return failuresByAccount[account.lowercased(), default: []].count < limits.perAccount
            && failuresByAddress[address, default: []].count < limits.perAddress
    }

    public func recordFailure(account: String, address: String, now: Date) {
        failuresByAccount[account.lowercased(), default: []].append(now)
        failuresByAddress[address, default: []].append(now)
    }

    public func recordSuccess(account: String) {
        failuresByAccount[account.lowercased()] = nil
    }

    private func prune(now: Date) {
        let cutoff = now.addingTimeInterval(-limits.window)
        failuresByAccount = failuresByAccount.compactMapValues { dates in
            let kept = dates.filter { $0 > cutoff }
            return kept.isEmpty ? nil : kept
        }
        failuresByAddress = failuresByAddress.compactMapValues { dates in
            let kept = dates.filter { $0 > cutoff }
            return kept.isEmpty ? nil : kept
        }
    }
}

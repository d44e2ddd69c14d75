import Foundation

extension SlidingWindowLimiter {
    /// One more account made from `address`: a web sign-up attempt, or Sign in with Apple meeting an Apple account for
    /// the first time. Both draw on the one per-address count, so neither way in lets an address make accounts without
    /// end. A limit of 0 means the operator closed sign-up, which is said as such rather than as "try again later".
    func admitNewAccount(from address: String, now: Date) throws(AccountError) {
        guard limit > 0 else { throw .signUpClosed }
        if case .retryAfter(let seconds) = admit(address, now: now) { throw .tooManySignUps(retryAfter: seconds) }
    }
}

import Foundation

extension SlidingWindowLimiter {
    /// One more account made from `address`: a web sign-up attempt, Sign in with Apple meeting an Apple account for
    /// the first time, or a BulkTrack device's first `POST /v1/auth/device`. All draw on the one per-address count, so
    /// no way in lets an address make accounts without end. A limit of 0 means the operator closed sign-up, which is said as such rather than as "try again later".
    /// Synchronous, so the device and Apple paths can call it inside the transaction that makes the account.
    func admitNewAccount(from address: String, now: Date) throws(AccountError) {
        guard limit > 0 else { throw .signUpClosed }
        if case .retryAfter(let seconds) = admit(address, now: now) { throw .tooManySignUps(retryAfter: seconds) }
    }
}

import Foundation
import Storage

/// `POST /v1/auth/apple`: an Apple identity token, checked against the configured JWKS file, gets the same
/// BulkTrack tokens a device gets. The same Apple account (`sub`) is always the same workouts user; only a hash of
/// `sub` is stored, never the token.
public struct AppleSignInService: Sendable {
    public let database: AppDatabase
    public let settings: AppleSignInSettings?
    /// The sign-in limiter password sign-in uses: tokens that fail verification count as wrong passwords do, per
    /// (Apple account the token names, client address) and per address, so a client replaying or forging tokens is
    /// slowed while the same Apple account signs in from elsewhere as always.
    public let rateLimiter: LoginRateLimiter
    /// The web sign-up's per-address count (`AccountService.signUpLimiter`): an Apple account seen for the first time
    /// becomes a new user, as a sign-up does, so it is counted there too; an Apple account already known never is.
    public let signUpLimiter: SlidingWindowLimiter

    public init(
        database: AppDatabase, settings: AppleSignInSettings?, rateLimiter: LoginRateLimiter = LoginRateLimiter(),
        signUpLimiter: SlidingWindowLimiter = AccountService.makeSignUpLimiter()
    ) {
        self.database = database
        self.settings = settings
        self.rateLimiter = rateLimiter
        self.signUpLimiter = signUpLimiter
    }

    /// Tokens for the Apple account the identity token proves; `tooManyAttempts` (checked before the signature)
    /// once too many tokens from `address` have failed, and the sign-up refusals (`AccountError.tooManySignUps`,
    /// `.signUpClosed`) when the token is valid but its Apple account would be a new user.
    public func signIn(identityToken: String, address: String = "local", now: Date) async throws -> DeviceAuthService.Tokens {
        guard let settings, !settings.audiences.isEmpty, let keys = try? AppleKeySet.load(path: settings.keySetPath) else {
            // A limit of 0 is sign-up closed (`admitNewAccount`): the message then names the way in that is left.
            throw AppleSignInError.notConfigured(takesSignUps: signUpLimiter.limit > 0)
        }
        // Hashed: the limiter's memory holds no Apple user id either.
        let account = "apple:" + (AppleIdentityToken.claimedSubject(identityToken).map { String(SecretToken.hash($0).prefix(32)) } ?? "")
        if case .retryAfter(let seconds) = await rateLimiter.check(account: account, address: address, now: now) {
            throw AppleSignInError.tooManyAttempts(retryAfter: seconds)
        }
        let token: AppleIdentityToken
        do {
            token = try AppleIdentityToken.verify(identityToken, keys: keys, audiences: settings.audiences, now: now)
        } catch {
            await rateLimiter.recordFailure(account: account, address: address, now: now)
            throw error
        }
        await rateLimiter.recordSuccess(account: account, address: address)
        let subjectHash = SecretToken.hash(token.subject)
        let newUser = User(
            username: "apple:" + SecretToken.generate().prefix(16).lowercased(),
            // Not a bcrypt hash: no password ever matches; this user signs in through Apple only.
            passwordHash: "!", displayName: "BulkTrack", createdAt: now
        )
        // Counted in the transaction that makes the user, so two simultaneous first sign-ins count once (as devices).
        let limiter = signUpLimiter
        let user = try await database.workoutAppleUser(subjectHash: subjectHash, newUser: newUser, now: now) {
            try limiter.admitNewAccount(from: address, now: now)
        }
        let (tokens, pair) = DeviceAuthService.newTokens(now: now)
        // Tokens are grouped per sign-in source for logout and reuse detection; the Apple account is that source.
        try await database.issueWorkoutTokens(userId: user.savedId, deviceId: "apple:" + subjectHash.prefix(32), pair: pair, now: now)
        return tokens
    }
}

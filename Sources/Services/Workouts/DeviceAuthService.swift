import Foundation
import Storage

/// BulkTrack's anonymous device onboarding: a device id gets an account and tokens; access tokens live 60 minutes,
/// refresh tokens 90 days and rotate on every use; only hashes are stored.
public struct DeviceAuthService: Sendable {
    public let database: AppDatabase
    /// The web sign-up's per-address count (`AccountService.signUpLimiter`, `--sign-up-limit`): a device's first
    /// `POST /v1/auth/device` makes an account, as a sign-up does, so it is counted there, and refused while the operator
    /// has closed sign-up, or a stranger's phone could store data on a family server. Devices already known (their
    /// own anonymous user, or linked to an account on the web) are never counted.
    public let signUpLimiter: SlidingWindowLimiter
    public static let accessLifetime: TimeInterval = 60 * 60
    public static let refreshLifetime: TimeInterval = 90 * 24 * 60 * 60

    public init(database: AppDatabase, signUpLimiter: SlidingWindowLimiter = AccountService.makeSignUpLimiter()) {
        self.database = database
        self.signUpLimiter = signUpLimiter
    }

    /// Secrets handed to the device; never stored.
    public struct Tokens: Sendable, Codable {
        public let accessToken: String
        public let refreshToken: String
        public let expiresIn: Int
    }

    /// Tokens for the device's user, creating an anonymous user on the first call: `DeviceAuthError.signUpClosed` or
    /// `AccountError.tooManySignUps` when that new user is not admitted (`signUpLimiter`).
    public func authenticate(deviceId: String?, address: String = "local", now: Date) async throws -> Tokens {
        guard let deviceId = WorkoutDeviceId.checked(deviceId ?? "") else { throw DeviceAuthError.invalidDeviceId }
        let anonymous = User(
            username: "device:" + SecretToken.generate().prefix(16).lowercased(),
            // Not a bcrypt hash: no password ever matches, so nobody signs in as a device's user.
            passwordHash: "!", displayName: "BulkTrack", createdAt: now
        )
        // Counted inside the transaction that makes the user rather than after a separate "is it new?" read: the phone
        // app retries, and simultaneous first calls would all read "new" and each be counted (a 429 for the same
        // phone). Writes take turns, so only the call that makes the user counts; the others find it made.
        let limiter = signUpLimiter
        let user = try await database.workoutDeviceUser(deviceId: deviceId, newUser: anonymous, now: now) {
            do {
                try limiter.admitNewAccount(from: address, now: now)
            } catch AccountError.signUpClosed {
                throw DeviceAuthError.signUpClosed
            }
        }
        let (tokens, pair) = Self.newTokens(now: now)
        try await database.issueWorkoutTokens(userId: user.savedId, deviceId: deviceId, pair: pair, now: now)
        return tokens
    }

    /// Rotates a refresh token. Unknown, expired, rotated or revoked tokens answer 401; the last two also revoke
    /// the device's tokens, so a stolen copy and the original both have to authenticate again.
    public func refresh(refreshToken: String, now: Date) async throws -> Tokens {
        let (tokens, pair) = Self.newTokens(now: now)
        switch try await database.rotateWorkoutRefreshToken(hash: SecretToken.hash(refreshToken), pair: pair, now: now) {
        case .rotated: return tokens
        case .reused, .invalid: throw DeviceAuthError.invalidRefreshToken
        }
    }

    public func logout(refreshToken: String, now: Date) async throws {
        try await database.revokeWorkoutRefreshToken(hash: SecretToken.hash(refreshToken), now: now)
    }

    public func user(accessToken: String, now: Date) async throws -> User? {
        try await database.workoutAccessUser(tokenHash: SecretToken.hash(accessToken), now: now)
    }

    static func newTokens(now: Date) -> (Tokens, WorkoutTokenPair) {
        let access = SecretToken.generate(prefix: "bta_")
        let refresh = SecretToken.generate(prefix: "btr_")
        let tokens = Tokens(accessToken: access, refreshToken: refresh, expiresIn: Int(accessLifetime))
        let pair = WorkoutTokenPair(
            accessHash: SecretToken.hash(access), refreshHash: SecretToken.hash(refresh),
            accessExpiresAt: now.addingTimeInterval(accessLifetime), refreshExpiresAt: now.addingTimeInterval(refreshLifetime)
        )
        return (tokens, pair)
    }
}

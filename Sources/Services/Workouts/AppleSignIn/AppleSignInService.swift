import Foundation
import Storage

/// `POST /v1/auth/apple`: an Apple identity token, checked against the configured JWKS file, gets the same
/// BulkTrack tokens a device gets. The same Apple account (`sub`) is always the same workouts user; only a hash of
/// `sub` is stored, never the token.
public struct AppleSignInService: Sendable {
    public let database: AppDatabase
    public let settings: AppleSignInSettings?

    public init(database: AppDatabase, settings: AppleSignInSettings?) {
        self.database = database
        self.settings = settings
    }

    public func signIn(identityToken: String, now: Date) async throws -> DeviceAuthService.Tokens {
        guard let settings, !settings.audiences.isEmpty, let keys = try? AppleKeySet.load(path: settings.keySetPath) else {
            throw AppleSignInError.notConfigured
        }
        let token = try AppleIdentityToken.verify(identityToken, keys: keys, audiences: settings.audiences, now: now)
        let subjectHash = SecretToken.hash(token.subject)
        let newUser = User(
            username: "apple:" + SecretToken.generate().prefix(16).lowercased(),
            // Not a bcrypt hash: no password ever matches; this user signs in through Apple only.
            passwordHash: "!", displayName: "BulkTrack", createdAt: now
        )
        let user = try await database.workoutAppleUser(subjectHash: subjectHash, newUser: newUser, now: now)
        let (tokens, pair) = DeviceAuthService.newTokens(now: now)
        // Tokens are grouped per sign-in source for logout and reuse detection; the Apple account is that source.
        try await database.issueWorkoutTokens(userId: user.savedId, deviceId: "apple:" + subjectHash.prefix(32), pair: pair, now: now)
        return tokens
    }
}

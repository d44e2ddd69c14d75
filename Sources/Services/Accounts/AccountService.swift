import Foundation
import Health
import Storage

/// Sign-up, sign-in, sessions, API tokens and account deletion: the rules shared by the web pages,
/// the JSON API and the CLI.
public struct AccountService: Sendable {
    public let database: AppDatabase
    public let hasher: PasswordHasher
    public let rateLimiter: LoginRateLimiter
    /// Sign-up attempts per client address: each one costs a bcrypt hash and may leave an account behind, and a taken
    /// name is an answer too, so one address may neither fill the database nor list who has an account.
    public let signUpLimiter: SlidingWindowLimiter
    /// The user's files outside the database; nil only where there is no data directory (some unit tests).
    public let files: UserFiles?
    public static let sessionLifetime: TimeInterval = 30 * 24 * 3600

    /// 10 attempts an hour: a household behind one address, typos included, and not a script.
    public static let defaultSignUpsPerHour = 10

    /// At most `perHour` sign-ups per address in any hour; 0 closes sign-up (`admitNewAccount`).
    public static func makeSignUpLimiter(perHour: Int = defaultSignUpsPerHour) -> SlidingWindowLimiter {
        SlidingWindowLimiter(limit: perHour, window: 3600)
    }

    /// False when the operator closed sign-up: the page then says so instead of offering a form that is refused.
    public var takesSignUps: Bool { signUpLimiter.limit > 0 }

    public init(
        database: AppDatabase, hasher: PasswordHasher, rateLimiter: LoginRateLimiter = LoginRateLimiter(),
        signUpLimiter: SlidingWindowLimiter = AccountService.makeSignUpLimiter(), files: UserFiles? = nil
    ) {
        self.database = database
        self.hasher = hasher
        self.rateLimiter = rateLimiter
        self.signUpLimiter = signUpLimiter
        self.files = files
    }

    /// Creates an account. `address` is the client's for a sign-up from the web, whose attempts are limited per
    /// address; nil for the operator (`kiroku user create`, `kiroku demo`), who is not limited. Every field is checked
    /// before anything is refused, so a `SignUpRefusal` names each wrong field at once. `passwordConfirmation` is the
    /// web form's second password; nil where nobody types one (the CLI reads the password once, without a form).
    public func signUp(
        username: String, password: String, passwordConfirmation: String? = nil, displayName: String = "", language: Language? = nil,
        address: String? = nil, now: Date
    ) async throws -> User {
        if let address { try signUpLimiter.admitNewAccount(from: address, now: now) }
        let username = username.trimmingCharacters(in: .whitespaces)
        let name = displayName.trimmingCharacters(in: .whitespacesAndNewlines)
        var problems: [SignUpRefusal.Problem] = []
        if !Self.isValidUsername(username) {
            problems.append(.init(field: .username, error: AccountError.invalidUsername))
        } else if try await database.user(username: username) != nil {
            problems.append(.init(field: .username, error: AccountError.usernameTaken))
        }
        do throws(HealthError) {
            _ = try Self.checkedName(name, field: Self.displayNameField)
            if name.count > 64 { problems.append(.init(field: .displayName, error: AccountError.displayNameTooLong)) }
        } catch {
            problems.append(.init(field: .displayName, error: error))
        }
        do throws(AccountError) {
            try Self.checkPasswordRules(password)
        } catch {
            problems.append(.init(field: .password, error: error))
        }
        if let passwordConfirmation, passwordConfirmation != password {
            problems.append(.init(field: .passwordConfirmation, error: AccountError.passwordsDoNotMatch))
        }
        if let refusal = SignUpRefusal(problems) { throw refusal }
        let hash = try await hasher.hash(password)
        do {
            return try await database.createUser(
                User(username: username, passwordHash: hash, displayName: name, language: language?.rawValue, createdAt: now)
            )
        } catch AccountStoreError.usernameTaken {
            // Taken between the check above and this write: by another sign-up for the same name.
            throw SignUpRefusal(.username, AccountError.usernameTaken)
        }
    }

    /// Checks a password, counting failures against the (account, address) pair and the address.
    public func signIn(username: String, password: String, address: String, now: Date) async throws -> User {
        try await throttle(account: username, address: address, now: now)
        let user = try await database.user(username: username)
        let matches: Bool
        if let user {
            matches = try await hasher.verify(password, hash: user.passwordHash)
        } else {
            // Hash anyway, at the same cost, so "no such user" takes as long as "wrong password"
            // and timing does not reveal who has an account.
            _ = try await hasher.hash(password)
            matches = false
        }
        guard let user, matches else {
            await rateLimiter.recordFailure(account: username, address: address, now: now)
            throw AccountError.invalidCredentials
        }
        await rateLimiter.recordSuccess(account: username, address: address)
        return user
    }

    /// The password check before a change that needs it (new password, account deletion), limited like sign-in:
    /// a stolen session must not become a way to guess the password.
    func confirmPassword(_ password: String, of user: User, address: String, now: Date) async throws {
        try await throttle(account: user.username, address: address, now: now)
        guard try await hasher.verify(password, hash: user.passwordHash) else {
            await rateLimiter.recordFailure(account: user.username, address: address, now: now)
            throw AccountError.wrongCurrentPassword
        }
        await rateLimiter.recordSuccess(account: user.username, address: address)
    }

    private func throttle(account: String, address: String, now: Date) async throws {
        if case .retryAfter(let seconds) = await rateLimiter.check(account: account, address: address, now: now) {
            throw AccountError.tooManyAttempts(retryAfter: seconds)
        }
    }

    /// Starts a browser session. Returns the cookie value; only its hash is stored.
    public func startSession(for user: User, now: Date, userAgent: String? = nil, address: String? = nil) async throws -> (cookie: String, session: Session) {
        let secret = SecretToken.generate()
        let session = Session(
            tokenHash: SecretToken.hash(secret), userId: try user.savedId, csrfToken: SecretToken.generate(),
            createdAt: now, expiresAt: now.addingTimeInterval(Self.sessionLifetime), lastUsedAt: now, userAgent: userAgent, address: address
        )
        try await database.insertSession(session, now: now)
        return (secret, session)
    }

    public func session(cookie: String, now: Date) async throws -> (Session, User)? {
        guard let session = try await database.session(tokenHash: SecretToken.hash(cookie), now: now),
              let user = try await database.user(id: session.userId)
        else { return nil }
        try await database.touchSession(tokenHash: session.tokenHash, now: now)
        return (session, user)
    }

    /// The user's signed-in browsers, most recently used first.
    public func sessions(userId: Int64, now: Date) async throws -> [Session] {
        try await database.activeSessions(userId: userId, now: now)
    }

    /// Signs one of the user's browsers out; an unknown id, or another user's, is `notFound` alike.
    public func endSession(userId: Int64, publicId: String) async throws {
        guard try await database.deleteSession(userId: userId, publicId: publicId) else { throw ServiceError.notFound }
    }

    public func endSession(cookie: String) async throws {
        try await database.deleteSession(tokenHash: SecretToken.hash(cookie))
    }

    /// Creates a personal API token. The secret is returned once and never stored.
    public func createToken(for userId: Int64, name: String, now: Date) async throws -> (secret: String, token: APIToken) {
        let name = try Self.checkedName(name.trimmingCharacters(in: .whitespacesAndNewlines), field: LocalizedText(ja: "トークン名", en: "Token name"))
        // Counted in code points, as the OpenAPI document's maxLength counts, not in what a screen shows as characters.
        guard (1...64).contains(name.unicodeScalars.count) else { throw AccountError.invalidTokenName }
        let secret = SecretToken.generate(prefix: "krk_")
        let token = try await database.insertAPIToken(
            APIToken(userId: userId, name: name, tokenHash: SecretToken.hash(secret), prefix: String(secret.prefix(8)), createdAt: now)
        )
        return (secret, token)
    }

    /// The owner's API tokens (never their secrets), newest first.
    public func tokens(userId: Int64) async throws -> [APIToken] {
        try await database.apiTokens(userId: userId)
    }

    /// Revokes one of the owner's tokens; another user's token, or none, is `notFound` alike.
    public func revokeToken(id: Int64, userId: Int64) async throws {
        guard try await database.revokeAPIToken(id: id, userId: userId) else { throw ServiceError.notFound }
    }

    /// Ends every browser session of the user except `session` (nil: all of them).
    public func endSessions(userId: Int64, keeping session: Session? = nil) async throws {
        try await database.deleteSessions(userId: userId, keeping: session?.tokenHash)
    }

    public func user(bearerToken: String, address: String? = nil, now: Date) async throws -> User? {
        try await database.useAPIToken(tokenHash: SecretToken.hash(bearerToken), address: address, now: now)?.user
    }

    /// Changes the password after checking the current one and ends every session of the account, the asking
    /// browser's too: whoever holds a copy of any old cookie is signed out. The asking browser (`session`) gets a
    /// fresh session instead, returned for its cookie, so it stays signed in. `confirmation` is the new password typed
    /// a second time: a typo nobody can see would otherwise become the password and lock its owner out.
    public func changePassword(
        _ user: User, current: String, new password: String, confirmation: String, renewing session: Session?, address: String, now: Date
    ) async throws -> (cookie: String, session: Session)? {
        // Before the current password is checked: a typo is no wrong password, so it neither costs a bcrypt check nor
        // counts towards the sign-in limits, and nothing is changed.
        guard confirmation == password else { throw AccountError.passwordsDoNotMatch }
        try await confirmPassword(current, of: user, address: address, now: now)
        try await setPassword(userId: try user.savedId, to: password)
        try await database.deleteSessions(userId: try user.savedId, keeping: nil)
        guard let session else { return nil }
        return try await startSession(for: user, now: now, userAgent: session.userAgent, address: address)
    }

    /// Sets a new password without the old one: for the operator's `kiroku user password`.
    public func setPassword(userId: Int64, to password: String) async throws {
        try Self.checkPasswordRules(password)
        try await database.updatePasswordHash(userId: userId, hash: try await hasher.hash(password))
    }

    static func checkPasswordRules(_ password: String) throws(AccountError) {
        guard password.count >= 10 else { throw AccountError.passwordTooShort }
        guard password.utf8.count <= 72 else { throw AccountError.passwordTooLong }
    }

    /// Deletes the account and everything it owns, after checking the password once more.
    public func deleteAccount(_ user: User, password: String, address: String, now: Date) async throws {
        try await confirmPassword(password, of: user, address: address, now: now)
        try await deleteAccount(user)
    }

    /// Deletes the account, every row it owns and every file it has under the data directory (an operator's
    /// `kiroku user delete`, which asks for confirmation instead of the password).
    public func deleteAccount(_ user: User) async throws {
        let uploads = try await database.deleteUser(id: try user.savedId)
        files?.removeAll(userId: try user.savedId, username: user.username, uploads: uploads)
    }

    /// Applies `update` after checking every field: one bad value refuses the whole update. `now` decides
    /// what "a future date of birth" is, in the user's time zone.
    public func updateProfile(_ user: User, with update: ProfileUpdate, now: Date) async throws -> User {
        var user = user
        if let displayName = update.displayName {
            let name = try Self.checkedName(displayName.trimmingCharacters(in: .whitespacesAndNewlines), field: Self.displayNameField)
            guard name.count <= 64 else { throw AccountError.displayNameTooLong }
            user.displayName = name
        }
        if let height = update.heightCm {
            guard height.map({ (50...272).contains($0) }) ?? true else { throw AccountError.invalidProfile(.height) }
            user.heightCm = height
        }
        if let target = update.targetWeightKg {
            guard target.map({ (30...200).contains($0) }) ?? true else { throw AccountError.invalidProfile(.targetWeight) }
            user.targetWeightKg = target
        }
        if let timeZone = update.timeZone {
            guard TimeZone(identifier: timeZone) != nil else { throw AccountError.invalidProfile(.timeZone) }
            user.timeZone = timeZone
        }
        if let language = update.language {
            guard language.isEmpty || Language(rawValue: language) != nil else { throw AccountError.invalidProfile(.language) }
            user.language = language.isEmpty ? nil : language
        }
        if let dateOfBirth = update.dateOfBirth {
            user.dateOfBirth = try dateOfBirth.map { try DateOfBirth.parse($0, today: LocalDay(now, in: user.resolvedTimeZone)) }
        }
        if let sex = update.biologicalSex {
            user.biologicalSex = try sex.map { try BiologicalSex(parsing: $0) }
        }
        try await database.updateUser(user)
        return user
    }

    static let displayNameField = LocalizedText(ja: "表示名", en: "Display name")

    /// A name as typed, refused when it holds a control character.
    public static func checkedName(_ name: String, field: LocalizedText) throws(HealthError) -> String {
        try NameText.check(name, field: field, in: HealthDomain.self)
    }

    static func isValidUsername(_ username: String) -> Bool {
        (3...32).contains(username.count)
            && username.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "_.-".contains($0)) }
    }
}

/// Profile fields a user may change. A nil field is left as it is; for the optional fields (numbers, date
/// of birth, sex), `.some(nil)` (JSON `null`, or an emptied form field) clears the stored value.
public struct ProfileUpdate: Decodable, Sendable {
    public var displayName: String?
    public var heightCm: Double??
    public var targetWeightKg: Double??
    public var timeZone: String?
    public var language: String?
    /// "YYYY-MM-DD"; checked by `AccountService.updateProfile`, so a bad value gets its own clear error.
    public var dateOfBirth: String??
    /// "female", "male" or "other".
    public var biologicalSex: String??

    public init(
        displayName: String? = nil, heightCm: Double?? = nil, targetWeightKg: Double?? = nil, timeZone: String? = nil, language: String? = nil,
        dateOfBirth: String?? = nil, biologicalSex: String?? = nil
    ) {
        self.displayName = displayName
        self.heightCm = heightCm
        self.targetWeightKg = targetWeightKg
        self.timeZone = timeZone
        self.language = language
        self.dateOfBirth = dateOfBirth
        self.biologicalSex = biologicalSex
    }

    /// Public and listable so the API can refuse a member that is none of these.
    public enum CodingKeys: String, CodingKey, CaseIterable {
        case displayName, heightCm, targetWeightKg, timeZone, language, dateOfBirth, biologicalSex
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        displayName = try container.decodeIfPresent(String.self, forKey: .displayName)
        timeZone = try container.decodeIfPresent(String.self, forKey: .timeZone)
        language = try container.decodeIfPresent(String.self, forKey: .language)
        // Absent means "unchanged"; present and null means "clear".
        heightCm = container.contains(.heightCm) ? .some(try container.decodeIfPresent(Double.self, forKey: .heightCm)) : nil
        targetWeightKg = container.contains(.targetWeightKg) ? .some(try container.decodeIfPresent(Double.self, forKey: .targetWeightKg)) : nil
        dateOfBirth = container.contains(.dateOfBirth) ? .some(try container.decodeIfPresent(String.self, forKey: .dateOfBirth)) : nil
        biologicalSex = container.contains(.biologicalSex) ? .some(try container.decodeIfPresent(String.self, forKey: .biologicalSex)) : nil
    }
}

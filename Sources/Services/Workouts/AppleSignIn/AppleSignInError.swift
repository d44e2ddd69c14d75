import Health

/// Why `POST /v1/auth/apple` gave no tokens: a 401 (or a 429 when too many tokens failed) in the contract's
/// `{"code","message"}` shape.
public enum AppleSignInError: DomainError, Equatable {
    /// The server has no Apple keys or client ids (`kiroku serve --apple-jwks … --apple-audience …`). `takesSignUps`
    /// says what to do instead: device sign-in makes a new phone an account only while sign-up is open; while it is
    /// closed (`--sign-up-limit 0`) a new phone gets in once its id is registered to an account on the web.
    case notConfigured(takesSignUps: Bool)
    case invalidToken(Reason)
    /// Too many tokens from this client address failed; the same limits as password sign-in.
    case tooManyAttempts(retryAfter: Int)

    public enum Reason: String, Sendable {
        case malformed, unsupportedAlgorithm, unknownKey, badSignature, wrongIssuer, wrongAudience, expired, issuedInTheFuture
    }

    public var code: String {
        switch self {
        case .notConfigured: "apple_sign_in_not_configured"
        case .invalidToken: "invalid_identity_token"
        case .tooManyAttempts: "rate_limited"
        }
    }

    public var httpStatus: Int {
        if case .tooManyAttempts = self { 429 } else { 401 }
    }

    public var retryAfterSeconds: Int? {
        if case .tooManyAttempts(let seconds) = self { seconds } else { nil }
    }

    public var message: LocalizedText {
        switch self {
        case .notConfigured(takesSignUps: true):
            LocalizedText(
                ja: "このサーバーでは Apple でサインインが設定されていません。端末認証（/v1/auth/device）をお使いください。",
                en: "Sign in with Apple is not configured on this server. Use device sign-in (/v1/auth/device)."
            )
        case .notConfigured(takesSignUps: false):
            // Not "use /v1/auth/device": for a phone the server does not know, that is refused 403 sign_up_closed.
            LocalizedText(
                ja: "このサーバーでは Apple でサインインが設定されておらず、新規登録も受け付けていません。端末認証で入れるのはこのサーバーが知っている端末だけです。サーバーの管理者にアカウントを作ってもらい、Web の「トレーニングの設定」→「BulkTrack アプリの端末」（/workouts/settings）でこの端末IDを登録してください。",
                en: "Sign in with Apple is not configured on this server, and it does not take new accounts. Device sign-in works only for a device this server knows: ask its administrator for an account, then enter this device's id on the web under Workout settings → BulkTrack devices (/workouts/settings)."
            )
        case .invalidToken(let reason):
            LocalizedText(ja: "Apple の ID トークンが無効です（\(reason.japanese)）。もう一度 Apple でサインインしてください。",
                          en: "The Apple identity token is not valid (\(reason.english)). Sign in with Apple again.")
        case .tooManyAttempts(let seconds):
            LocalizedText(ja: "Apple でのサインインの失敗が多すぎます。\(seconds) 秒後にもう一度お試しください。",
                          en: "Too many failed Sign in with Apple attempts. Try again in \(seconds) s.")
        }
    }
}

extension AppleSignInError.Reason {
    var english: String {
        switch self {
        case .malformed: "not a JWT"
        case .unsupportedAlgorithm: "not signed with RS256"
        case .unknownKey: "signed with a key this server does not know"
        case .badSignature: "the signature does not match"
        case .wrongIssuer: "not issued by Apple"
        case .wrongAudience: "issued for another app"
        case .expired: "expired"
        case .issuedInTheFuture: "issued in the future"
        }
    }

    var japanese: String {
        switch self {
        case .malformed: "JWT ではありません"
        case .unsupportedAlgorithm: "RS256 で署名されていません"
        case .unknownKey: "このサーバーが知らない鍵で署名されています"
        case .badSignature: "署名が一致しません"
        case .wrongIssuer: "Apple が発行したものではありません"
        case .wrongAudience: "別のアプリ向けに発行されています"
        case .expired: "期限切れです"
        case .issuedInTheFuture: "発行時刻が未来です"
        }
    }
}

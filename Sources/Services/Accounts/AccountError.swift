import Health

/// Why an account operation was refused: sign-up, sign-in, password and profile rules, API tokens.
public enum AccountError: DomainError, Equatable {
    case invalidUsername
    case usernameTaken
    case passwordTooShort
    case passwordTooLong
    /// The second password (sign-up, or a new password in Settings) differs from the first: one of them holds a typo
    /// nobody can see.
    case passwordsDoNotMatch
    case invalidCredentials
    /// A signed-in person's password, asked again before a change (a new password, deleting the account), was wrong:
    /// the same code and status as a failed sign-in, with a message that does not mention a username they never typed.
    case wrongCurrentPassword
    case invalidTokenName
    /// A profile value outside its rule; the message names the field.
    case invalidProfile(ProfileField)
    /// A display name longer than 64 characters: refused whole rather than cut.
    case displayNameTooLong
    /// Too many failed password tries from this address: the next one may come after this many seconds.
    case tooManyAttempts(retryAfter: Int)
    /// Too many sign-up attempts from this address: the next one may come after this many seconds.
    case tooManySignUps(retryAfter: Int)
    /// The operator closed sign-up (`kiroku serve --sign-up-limit 0`): accounts come from `kiroku user create` only.
    case signUpClosed

    public var code: String {
        switch self {
        case .invalidUsername: "invalid_username"
        case .usernameTaken: "username_taken"
        case .passwordTooShort: "password_too_short"
        case .passwordTooLong: "password_too_long"
        case .passwordsDoNotMatch: "passwords_do_not_match"
        case .invalidCredentials, .wrongCurrentPassword: "invalid_credentials"
        case .invalidTokenName: "invalid_token_name"
        case .invalidProfile: "invalid_profile"
        case .displayNameTooLong: "display_name_too_long"
        case .tooManyAttempts, .tooManySignUps: "rate_limited"
        case .signUpClosed: "sign_up_closed"
        }
    }

    public var httpStatus: Int {
        switch self {
        case .invalidUsername, .passwordTooShort, .passwordTooLong, .passwordsDoNotMatch, .invalidTokenName, .invalidProfile, .displayNameTooLong: 400
        case .invalidCredentials, .wrongCurrentPassword: 401
        case .usernameTaken: 409
        case .tooManyAttempts, .tooManySignUps: 429
        case .signUpClosed: 403
        }
    }

    public var retryAfterSeconds: Int? {
        switch self {
        case .tooManyAttempts(let seconds), .tooManySignUps(let seconds): seconds
        default: nil
        }
    }

    public var message: LocalizedText {
        switch self {
        case .invalidUsername:
            LocalizedText(
                ja: "ユーザー名は 3〜32 文字の英数字・「_」「.」「-」で入力してください。",
                en: "Usernames are 3–32 characters: letters, digits, “_”, “.” or “-”."
            )
        case .usernameTaken: LocalizedText(ja: "このユーザー名は既に使われています。", en: "That username is already taken.")
        case .passwordTooShort: LocalizedText(ja: "パスワードは 10 文字以上にしてください。", en: "Passwords must be at least 10 characters long.")
        case .passwordTooLong: LocalizedText(ja: "パスワードは 72 バイト以内にしてください。", en: "Passwords can be at most 72 bytes long.")
        case .passwordsDoNotMatch:
            LocalizedText(ja: "パスワードが一致しません。同じパスワードをもう一度入力してください。", en: "The passwords do not match. Type the same password twice.")
        case .invalidCredentials: LocalizedText(ja: "ユーザー名またはパスワードが違います。", en: "Wrong username or password.")
        case .wrongCurrentPassword: LocalizedText(ja: "現在のパスワードが違います。", en: "The current password is wrong.")
        case .invalidTokenName: LocalizedText(ja: "トークン名は 1〜64 文字で入力してください。", en: "Token names are 1–64 characters.")
        case .invalidProfile(let field): field.rule
        case .displayNameTooLong: LocalizedText(ja: "表示名は 64 文字以内で入力してください。", en: "Display names can be at most 64 characters.")
        case .tooManyAttempts(let seconds):
            LocalizedText(
                ja: "パスワードの試行が多すぎます。\(seconds) 秒後にもう一度お試しください。",
                en: "Too many password attempts. Try again in \(seconds) s."
            )
        case .tooManySignUps(let seconds):
            LocalizedText(
                ja: "この接続元からの新規登録が多すぎます。\(seconds) 秒後にもう一度お試しください。",
                en: "Too many sign-ups from this address. Try again in \(seconds) s."
            )
        case .signUpClosed:
            LocalizedText(
                ja: "このサーバーでは新規登録を受け付けていません。アカウントはサーバーの管理者に作ってもらってください。",
                en: "This server does not take new sign-ups. Ask its operator to make you an account."
            )
        }
    }
}

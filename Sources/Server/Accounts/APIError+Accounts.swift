import Health
import Hummingbird

extension APIError {
    static let invalidUsername = APIError(
        status: .badRequest, code: "invalid_username",
        message: .init(
            ja: "ユーザー名は 3〜32 文字の英数字・「_」「.」「-」で入力してください。",
            en: "Usernames are 3–32 characters: letters, digits, “_”, “.” or “-”."
        )
    )
    static let usernameTaken = APIError(
        status: .conflict, code: "username_taken",
        message: .init(ja: "このユーザー名は既に使われています。", en: "That username is already taken.")
    )
    static let passwordTooShort = APIError(
        status: .badRequest, code: "password_too_short",
        message: .init(ja: "パスワードは 10 文字以上にしてください。", en: "Passwords must be at least 10 characters long.")
    )
    static let passwordTooLong = APIError(
        status: .badRequest, code: "password_too_long",
        message: .init(ja: "パスワードは 72 バイト以内にしてください。", en: "Passwords can be at most 72 bytes long.")
    )
    static let invalidCredentials = APIError(
        status: .unauthorized, code: "invalid_credentials",
        message: .init(ja: "ユーザー名またはパスワードが違います。", en: "Wrong username or password.")
    )
    static let invalidCSRFToken = APIError(
        status: .forbidden, code: "invalid_csrf_token",
        message: .init(
            ja: "フォームの有効期限が切れました。ページを再読み込みしてもう一度お試しください。",
            en: "This form has expired. Reload the page and try again."
        )
    )
    static let invalidTokenName = APIError(
        status: .badRequest, code: "invalid_token_name",
        message: .init(ja: "トークン名は 1〜64 文字で入力してください。", en: "Token names are 1–64 characters.")
    )
    static let invalidProfile = APIError(
        status: .badRequest, code: "invalid_profile",
        message: .init(
            ja: "プロフィールの値が正しくありません（身長 50〜272 cm、目標体重 30〜200 kg、有効なタイムゾーン）。",
            en: "Invalid profile values (height 50–272 cm, target weight 30–200 kg, a valid time zone)."
        )
    )
}

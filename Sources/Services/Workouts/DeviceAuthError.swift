import Health

/// Why a BulkTrack device was not given tokens. A new device past the sign-up limit is `AccountError.tooManySignUps`,
/// as a sign-up is.
public enum DeviceAuthError: DomainError, Equatable {
    case invalidDeviceId
    /// A device with no user yet while the operator has closed sign-up (`--sign-up-limit 0`): `AccountError.signUpClosed`'s
    /// code and status, with a message that says how such a phone gets in (linked on the web to an account).
    case signUpClosed
    case invalidRefreshToken
    /// The access token is missing, invalid or expired.
    case unauthorized

    public var code: String {
        switch self {
        case .invalidDeviceId: "invalid_device_id"
        case .invalidRefreshToken: "invalid_refresh_token"
        case .signUpClosed: AccountError.signUpClosed.code
        case .unauthorized: "unauthorized"
        }
    }

    public var httpStatus: Int {
        switch self {
        case .invalidDeviceId: 400
        case .invalidRefreshToken, .unauthorized: 401
        case .signUpClosed: AccountError.signUpClosed.httpStatus
        }
    }

    public var message: LocalizedText {
        switch self {
        case .invalidDeviceId: LocalizedText(ja: "X-Device-Id ヘッダーに端末IDを指定してください。", en: "Send the device id in the X-Device-Id header.")
        case .invalidRefreshToken:
            LocalizedText(ja: "リフレッシュトークンが無効です。もう一度端末認証してください。", en: "The refresh token is not valid. Authenticate the device again.")
        case .signUpClosed:
            LocalizedText(
                ja: "このサーバーでは新しい端末を受け付けていません。サーバーの管理者にアカウントを作ってもらい、Web の「トレーニングの設定」でこの端末IDをリンクしてください。",
                en: "This server does not take new devices. Ask its operator for an account, then link this device's id under Workout settings on the web."
            )
        case .unauthorized: LocalizedText(ja: "アクセストークンがないか、無効か、期限切れです。", en: "The access token is missing, invalid or expired.")
        }
    }
}

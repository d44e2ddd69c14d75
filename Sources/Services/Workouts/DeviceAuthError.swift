import Health

/// Why a BulkTrack device was not given tokens.
public enum DeviceAuthError: DomainError, Equatable {
    case invalidDeviceId
    case invalidRefreshToken
    /// Too many new devices from one address; the earliest a next one is allowed is this many seconds away.
    case tooManyDevices(retryAfter: Int)
    /// The access token is missing, invalid or expired.
    case unauthorized

    public var code: String {
        switch self {
        case .invalidDeviceId: "invalid_device_id"
        case .invalidRefreshToken: "invalid_refresh_token"
        case .tooManyDevices: "rate_limited"
        case .unauthorized: "unauthorized"
        }
    }

    public var httpStatus: Int {
        switch self {
        case .invalidDeviceId: 400
        case .invalidRefreshToken, .unauthorized: 401
        case .tooManyDevices: 429
        }
    }

    public var retryAfterSeconds: Int? {
        if case .tooManyDevices(let seconds) = self { seconds } else { nil }
    }

    public var message: LocalizedText {
        switch self {
        case .invalidDeviceId: LocalizedText(ja: "X-Device-Id ヘッダーに端末IDを指定してください。", en: "Send the device id in the X-Device-Id header.")
        case .invalidRefreshToken:
            LocalizedText(ja: "リフレッシュトークンが無効です。もう一度端末認証してください。", en: "The refresh token is not valid. Authenticate the device again.")
        case .tooManyDevices(let seconds):
            // The window is an hour, so the wait is said in minutes.
            LocalizedText(
                ja: "このアドレスからの新しい端末の登録が多すぎます。\((seconds + 59) / 60) 分後にもう一度お試しください。",
                en: "Too many new devices from this address. Try again in \((seconds + 59) / 60) min."
            )
        case .unauthorized: LocalizedText(ja: "アクセストークンがないか、無効か、期限切れです。", en: "The access token is missing, invalid or expired.")
        }
    }
}

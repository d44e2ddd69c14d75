import Foundation
import Health
import Hummingbird
import NIOCore
import Workouts

extension APIError {
    static let invalidDeviceId = APIError(
        status: .badRequest, code: "invalid_device_id",
        message: .init(ja: "X-Device-Id ヘッダーに端末IDを指定してください。", en: "Send the device id in the X-Device-Id header.")
    )
    static let invalidRefreshToken = APIError(
        status: .unauthorized, code: "invalid_refresh_token",
        message: .init(ja: "リフレッシュトークンが無効です。もう一度端末認証してください。", en: "The refresh token is not valid. Authenticate the device again.")
    )
    static let tooManyDevices = APIError(
        status: .tooManyRequests, code: "rate_limited",
        message: .init(ja: "このアドレスからの新しい端末の登録が多すぎます。1時間ほどしてからお試しください。", en: "Too many new devices from this address. Try again in an hour.")
    )
    static let deviceUnauthorized = APIError(
        status: .unauthorized, code: "unauthorized",
        message: .init(ja: "アクセストークンがないか、無効か、期限切れです。", en: "The access token is missing, invalid or expired.")
    )

    /// The BulkTrack contract's error body: `{"code": …, "message": …}` at the top level.
    func bulkTrackResponse(in language: Language) -> Response {
        let body = ["code": code, "message": message.text(in: language)]
        let data = (try? APIJSON.makeEncoder().encode(body)) ?? Data()
        var headers = headers
        headers[.contentType] = "application/json; charset=utf-8"
        headers[.contentLanguage] = language.rawValue
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}

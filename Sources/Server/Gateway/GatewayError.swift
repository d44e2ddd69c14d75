import Foundation
import Health
import Hummingbird

/// The gateway's refusals. Statuses follow what the app does with them: 400/401/403 are not retried,
/// 429 and 503 are.
enum GatewayError {
    static let malformedPayload = APIError(
        status: .badRequest, code: "malformed_payload",
        message: .init(
            ja: "送信データを読み取れません。deviceId・userId・samples を含む JSON が必要です。",
            en: "Could not read the batch: expected JSON with deviceId, userId and samples."
        )
    )

    static func tooManySamples(limit: Int) -> APIError {
        APIError(
            status: .contentTooLarge, code: "too_many_samples",
            message: .init(ja: "1 回に送れるサンプルは \(limit) 件までです。何も保存していません。", en: "At most \(limit) samples per request. Nothing was stored.")
        )
    }

    static func bodyTooLarge(limit: Int) -> APIError {
        APIError(
            status: .contentTooLarge, code: "body_too_large",
            message: .init(ja: "リクエストが大きすぎます（上限 \(limit / 1024) KB）。何も保存していません。", en: "The request body is too large (limit \(limit / 1024) KB). Nothing was stored.")
        )
    }

    static func rateLimited(retryAfter: Int) -> APIError {
        APIError(
            status: .tooManyRequests, code: "rate_limited",
            message: .init(ja: "送信が多すぎます。\(retryAfter) 秒後にもう一度送ってください。何も保存していません。", en: "Too many requests. Try again in \(retryAfter) s. Nothing was stored."),
            headers: [.retryAfter: String(retryAfter)]
        )
    }

    static func outboxFull(depth: Int, limit: Int) -> APIError {
        APIError(
            status: .serviceUnavailable, code: "outbox_full",
            message: .init(
                ja: "配信待ちのデータが多すぎます（\(depth) 件、上限 \(limit) 件）。しばらくしてから再送してください。何も保存していません。",
                en: "The delivery queue is full (\(depth) messages waiting, limit \(limit)). Retry later. Nothing was stored."
            ),
            headers: [.retryAfter: "30"]
        )
    }
}

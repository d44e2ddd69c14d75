import Health

/// The gateway's refusals. Statuses follow what the phone app does with them: 400/401/403 are not retried, 429 and
/// 503 are (after `Retry-After`). Every one says that nothing was stored.
public enum GatewayError: DomainError, Equatable {
    case malformedPayload
    case tooManySamples(limit: Int)
    case bodyTooLarge(limit: Int)
    case rateLimited(retryAfter: Int)
    /// Kafka has been away long enough for `depth` messages to wait; the batch is refused rather than queued.
    case outboxFull(depth: Int, limit: Int)

    public var code: String {
        switch self {
        case .malformedPayload: "malformed_payload"
        case .tooManySamples: "too_many_samples"
        case .bodyTooLarge: "body_too_large"
        case .rateLimited: "rate_limited"
        case .outboxFull: "outbox_full"
        }
    }

    public var httpStatus: Int {
        switch self {
        case .malformedPayload: 400
        case .tooManySamples, .bodyTooLarge: 413
        case .rateLimited: 429
        case .outboxFull: 503
        }
    }

    public var retryAfterSeconds: Int? {
        switch self {
        case .rateLimited(let seconds): seconds
        case .outboxFull: 30
        default: nil
        }
    }

    public var message: LocalizedText {
        switch self {
        case .malformedPayload:
            LocalizedText(
                ja: "送信データを読み取れません。deviceId・userId・samples を含む JSON が必要です。",
                en: "Could not read the batch: expected JSON with deviceId, userId and samples."
            )
        case .tooManySamples(let limit):
            LocalizedText(ja: "1 回に送れるサンプルは \(limit) 件までです。何も保存していません。", en: "At most \(limit) samples per request. Nothing was stored.")
        case .bodyTooLarge(let limit):
            LocalizedText(
                ja: "リクエストが大きすぎます（上限 \(limit / 1024) KB）。何も保存していません。",
                en: "The request body is too large (limit \(limit / 1024) KB). Nothing was stored."
            )
        case .rateLimited(let seconds):
            LocalizedText(ja: "送信が多すぎます。\(seconds) 秒後にもう一度送ってください。何も保存していません。", en: "Too many requests. Try again in \(seconds) s. Nothing was stored.")
        case .outboxFull(let depth, let limit):
            LocalizedText(
                ja: "配信待ちのデータが多すぎます（\(depth) 件、上限 \(limit) 件）。しばらくしてから再送してください。何も保存していません。",
                en: "The delivery queue is full (\(depth) messages waiting, limit \(limit)). Retry later. Nothing was stored."
            )
        }
    }
}

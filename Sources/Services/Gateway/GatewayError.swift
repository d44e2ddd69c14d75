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
    /// The stateless gateway could not get Kafka's acknowledgement for every sample in time.
    case kafkaUnavailable

    public var code: String {
        switch self {
        case .malformedPayload: "malformed_payload"
        case .tooManySamples: "too_many_samples"
        case .bodyTooLarge: "body_too_large"
        case .rateLimited: "rate_limited"
        case .outboxFull: "outbox_full"
        case .kafkaUnavailable: "kafka_unavailable"
        }
    }

    public var httpStatus: Int {
        switch self {
        case .malformedPayload: 400
        case .tooManySamples, .bodyTooLarge: 413
        case .rateLimited: 429
        case .outboxFull, .kafkaUnavailable: 503
        }
    }

    public var retryAfterSeconds: Int? {
        switch self {
        case .rateLimited(let seconds): seconds
        case .outboxFull: 30
        case .kafkaUnavailable: 5
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
        case .kafkaUnavailable:
            LocalizedText(
                ja: "Kafka が時間内に受け取りを確認しませんでした。同じデータをもう一度送ってください（サンプル ID で重複は除かれます）。",
                en: "Kafka did not confirm the batch in time. Send the same batch again (samples are deduplicated by id)."
            )
        }
    }

    /// The message with Korean, the phone app's own language.
    public var gatewayMessage: GatewayText {
        let ko: String
        switch self {
        case .malformedPayload: ko = "전송 데이터를 읽을 수 없습니다. deviceId·userId·samples 를 포함한 JSON 이 필요합니다."
        case .tooManySamples(let limit): ko = "한 번에 보낼 수 있는 샘플은 \(limit) 건까지입니다. 아무것도 저장하지 않았습니다."
        case .bodyTooLarge(let limit): ko = "요청이 너무 큽니다 (최대 \(limit / 1024) KB). 아무것도 저장하지 않았습니다."
        case .rateLimited(let seconds): ko = "요청이 너무 많습니다. \(seconds) 초 후에 다시 보내 주세요. 아무것도 저장하지 않았습니다."
        case .outboxFull(let depth, let limit):
            ko = "전달 대기 중인 데이터가 너무 많습니다 (\(depth) 건, 최대 \(limit) 건). 잠시 후 다시 보내 주세요. 아무것도 저장하지 않았습니다."
        case .kafkaUnavailable: ko = "Kafka 가 시간 안에 수신을 확인하지 않았습니다. 같은 데이터를 다시 보내 주세요 (샘플 ID 로 중복이 제거됩니다)."
        }
        return GatewayText(message, ko: ko)
    }
}

import Health
import Logging

/// Why `kiroku ingest --from-kafka` did not store a message: a stable `code` for logs and scripts, and the text for
/// people in Japanese and English. The owner a message names is a username, personal data: it is in neither, only
/// in `logMetadata` under a key the log's redactor hides (`PersonalDataRedactor`, unless `--log-pii`). So is a refused
/// sample's reason, which quotes what was sent ("Heart rate 900 is out of range"): a health reading.
public enum GatewayKafkaSkipReason: Sendable, Equatable {
    /// Not a message a gateway writes: not JSON, or a field of its envelope missing or of the wrong type.
    case unreadableMessage
    /// No `owner`: not written by a stateless gateway (`serve --gateway-only`), which names the account.
    case noOwner
    /// The owner names no account of this database.
    case unknownOwner(username: String)
    /// The sample was refused by the checks a storing gateway applies, with the reason the phone would be given.
    case sampleRefused(GatewayText)

    public var code: String {
        switch self {
        case .unreadableMessage: "unreadable_message"
        case .noOwner: "no_owner"
        case .unknownOwner: "unknown_owner"
        case .sampleRefused: "sample_refused"
        }
    }

    public var message: LocalizedText {
        switch self {
        case .unreadableMessage:
            LocalizedText(ja: "読み取れないメッセージです（JSON でないか、必要な項目がありません）", en: "Unreadable message (not JSON, or a field it needs is missing)")
        case .noOwner:
            LocalizedText(ja: "所有者（owner）がありません（ステートレスゲートウェイからのメッセージではありません）", en: "No owner (not from a stateless gateway)")
        case .unknownOwner:
            LocalizedText(ja: "所有者として書かれたユーザー名のアカウントがこのデータベースにありません", en: "No account of this database has the username given as the owner")
        case .sampleRefused:
            LocalizedText(
                ja: "サンプルが保存時の検査で拒否されました（理由は refusal に。送られた値を含むため、--log-pii のときだけ表示）",
                en: "Sample refused by the checks a storing gateway applies (the reason is under refusal, shown only with --log-pii: it quotes the value sent)"
            )
        }
    }

    /// A log line's fields: the code, the text in `language`, the owner's username under `username` and a refused
    /// sample's reason under `refusal`, which the redacting log handlers replace with "[redacted]".
    public func logMetadata(in language: Language) -> Logger.Metadata {
        var metadata: Logger.Metadata = ["reason": "\(code)", "message": "\(message.text(in: language))"]
        switch self {
        case .unknownOwner(let username): metadata["username"] = "\(username)"
        case .sampleRefused(let reason): metadata["refusal"] = "\(reason.text(in: GatewayLanguage(language)))"
        case .unreadableMessage, .noOwner: break
        }
        return metadata
    }
}

import Foundation
import Health
import Storage

/// A webhook format as a person or client typed it: json or ntfy (nothing typed is json), anything else refused in
/// both languages. Wait alerts and reminders read it the same way.
public struct UnknownWebhookFormat: DomainError, Equatable {
    public let text: String
    public var code: String { "unknown_webhook_format" }
    public var httpStatus: Int { 400 }
    public var message: LocalizedText {
        LocalizedText(
            ja: "Webhook の形式は json か ntfy を選んでください（指定: \(text)）",
            en: "Choose json or ntfy as the webhook format (asked for \(text))."
        )
    }

    static func parse(_ text: String?) throws(UnknownWebhookFormat) -> WebhookFormat {
        let trimmed = text?.trimmingCharacters(in: .whitespaces) ?? ""
        if trimmed.isEmpty { return .json }
        guard let format = WebhookFormat(rawValue: trimmed) else { throw UnknownWebhookFormat(text: trimmed) }
        return format
    }
}

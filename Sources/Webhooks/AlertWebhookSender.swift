import Foundation
import Health
import Logging
import Storage
import WaitTimes

/// Posts fired alerts to the webhook a user configured: JSON, or ntfy's form. Best effort: the inbox entry is the
/// record; a failing webhook is logged (without the URL, which may hold a secret topic) and dropped.
///
/// The address is checked right before the post and the connection goes to exactly that address; a redirect is never
/// followed (it could point anywhere, the server itself included).
public struct AlertWebhookSender: Sendable {
    public let policy: WebhookPolicy

    public init(policy: WebhookPolicy = WebhookPolicy()) {
        self.policy = policy
    }

    struct Payload: Encodable {
        let kind = "wait-alert"
        let storeId: String
        let minutes: Int?
        let observedAt: Date
        let title: String
        let message: String
    }

    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .instant
        return encoder
    }

    public func send(_ fired: FiredAlert, logger: Logger) async {
        guard let url = fired.alert.webhookURL else { return }
        var logger = logger
        logger[metadataKey: "alert_id"] = "\(fired.alert.id ?? 0)"
        let payload = Payload(storeId: fired.alert.storeId, minutes: fired.observation.minutes, observedAt: fired.observation.observedAt, title: fired.message.titleJa, message: fired.message.bodyJa)
        let notice = WebhookNotice(title: fired.message.titleJa, message: fired.message.bodyJa)
        _ = await post(notice, format: fired.alert.webhookFormat, json: (try? Self.encoder.encode(payload)) ?? Data(), to: url, logger: logger)
    }

    /// Posts a notification in the user's format: `json` as it is, or `notice` in ntfy's form.
    public func post(_ notice: WebhookNotice, format: WebhookFormat, json: Data, to url: String, logger: Logger) async -> Bool {
        switch format {
        case .json:
            await post(json, contentType: "application/json; charset=utf-8", to: url, logger: logger)
        case .ntfy:
            await post(notice.ntfyBody, contentType: "text/plain; charset=utf-8", headers: notice.ntfyHeaders, to: url, logger: logger)
        }
    }
}

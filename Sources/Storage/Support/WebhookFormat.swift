import Foundation

/// How a user's webhook wants its notifications: the one choice wait alerts and reminders share.
public enum WebhookFormat: String, Codable, Sendable, CaseIterable {
    /// A JSON object describing the event.
    case json
    /// ntfy's publish form: the message as a plain-text body, the title and a tap action in headers.
    case ntfy
}

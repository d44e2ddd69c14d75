import Foundation
import Health

/// Where a reminder goes. Each channel gets at most one reminder a day.
public enum ReminderChannel: String, Sendable, Hashable, Codable, CaseIterable {
    case inbox
    /// A webhook or an ntfy topic.
    case webhook
    /// The private iCalendar feed.
    case calendar
}

/// A reminder already sent, as the store remembers it.
public struct SentReminder: Sendable, Hashable, Codable {
    public let day: LocalDay
    public let channel: ReminderChannel

    public init(day: LocalDay, channel: ReminderChannel) {
        self.day = day
        self.channel = channel
    }

    /// The idempotency key of a reminder: the same for a restart, a retry or a second server, so the store's
    /// unique constraint (with the user id in front) lets exactly one through.
    public static func idempotencyKey(day: LocalDay, channel: ReminderChannel) -> String {
        "reminder:\(day):\(channel.rawValue)"
    }

    public var idempotencyKey: String { Self.idempotencyKey(day: day, channel: channel) }
}

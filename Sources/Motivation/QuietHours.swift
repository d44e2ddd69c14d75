import Foundation

/// Hours in which Kiroku never sends a reminder; they may wrap past midnight (the default 22:00–07:00 does).
public struct QuietHours: Sendable, Hashable, Codable {
    public static let standard = QuietHours(start: TimeOfDay(hour: 22), end: TimeOfDay(hour: 7))

    /// The first quiet minute.
    public let start: TimeOfDay
    /// The first minute after the quiet, when reminders may go again.
    public let end: TimeOfDay

    public init(start: TimeOfDay, end: TimeOfDay) {
        self.start = start
        self.end = end
    }

    public func contains(_ time: TimeOfDay) -> Bool {
        if start == end { return false }
        if start < end { return start <= time && time < end }
        return time >= start || time < end
    }
}

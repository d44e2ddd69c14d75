import Foundation
import Health

/// A wall-clock time in a store's day (Asia/Tokyo), in minutes after midnight. Hours are printed and parsed as "HH:MM".
public struct TimeOfDay: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    public let minutes: Int

    public init(_ hour: Int, _ minute: Int = 0) {
        minutes = hour * 60 + minute
    }

    public init(minutes: Int) {
        self.minutes = minutes
    }

    /// Parses "H:MM" or "HH:MM" (00:00–23:59).
    public init?(_ text: String) {
        let parts = text.split(separator: ":")
        guard parts.count == 2, parts[1].count == 2, let hour = Int(parts[0]), let minute = Int(parts[1]),
              (0...23).contains(hour), (0...59).contains(minute)
        else { return nil }
        self.init(hour, minute)
    }

    public var hour: Int { minutes / 60 }
    public var minute: Int { minutes % 60 }

    public var description: String {
        (hour < 10 ? "0" : "") + String(hour) + ":" + (minute < 10 ? "0" : "") + String(minute)
    }

    public static func < (lhs: TimeOfDay, rhs: TimeOfDay) -> Bool { lhs.minutes < rhs.minutes }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let time = TimeOfDay(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected a time as HH:MM, got \"\(text)\"")
        }
        self = time
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// The instant's local day and time of day in a zone.
public struct LocalInstant: Sendable, Hashable {
    public let day: LocalDay
    public let time: TimeOfDay

    public init(_ date: Date, in timeZone: TimeZone) {
        let offset = timeZone.secondsFromGMT(for: date)
        let local = Int((date.timeIntervalSince1970 + Double(offset)).rounded(.down))
        let seconds = ((local % 86_400) + 86_400) % 86_400
        day = LocalDay(date, in: timeZone)
        time = TimeOfDay(minutes: seconds / 60)
    }
}

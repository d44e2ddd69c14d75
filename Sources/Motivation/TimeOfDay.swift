import Foundation
import Health

/// A time on the user's wall clock, without a day: when they usually record, when quiet hours start.
public struct TimeOfDay: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    public let minutesSinceMidnight: Int

    /// Hours and minutes out of range wrap around the clock (24:30 is 00:30).
    public init(hour: Int, minute: Int = 0) {
        let total = (hour * 60 + minute) % 1_440
        self.minutesSinceMidnight = total < 0 ? total + 1_440 : total
    }

    /// The wall-clock time of an instant in the user's zone.
    public init(_ date: Date, in timeZone: TimeZone) {
        let fields = WallClockTime(date, in: timeZone).fields
        self.init(hour: fields.hour, minute: fields.minute)
    }

    public var hour: Int { minutesSinceMidnight / 60 }
    public var minute: Int { minutesSinceMidnight % 60 }

    public var description: String {
        (hour < 10 ? "0" : "") + String(hour) + ":" + (minute < 10 ? "0" : "") + String(minute)
    }

    /// The instant this time falls on `day` in `timeZone`; a time skipped by daylight saving moves forward.
    public func instant(on day: LocalDay, in timeZone: TimeZone) -> Date {
        guard let fields = try? DateTimeFields(year: day.year, month: day.month, day: day.day, hour: hour, minute: minute) else {
            return day.start(in: timeZone).addingTimeInterval(Double(minutesSinceMidnight * 60))
        }
        return WallClockTime(fields).date(in: timeZone)
    }

    public static func < (lhs: TimeOfDay, rhs: TimeOfDay) -> Bool {
        lhs.minutesSinceMidnight < rhs.minutesSinceMidnight
    }
}

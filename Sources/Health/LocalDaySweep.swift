import Foundation

/// The local days of many instants in one time zone, for callers that walk instants mostly in ascending order.
///
/// `LocalDay(_:in:)` asks the zone for its offset at every instant, and on Linux that answer comes from ICU. A badge
/// refresh walks every hour with data (about 100,000 for two and a half years of watch data), so the zone is asked
/// again only when an instant falls outside the span in which the last answer holds: from that instant up to the
/// zone's next transition. A walk in order asks about once per transition.
public struct LocalDaySweep {
    private let timeZone: TimeZone
    private var span: Range<Date>?
    private var offsetSeconds = 0

    public init(_ timeZone: TimeZone) {
        self.timeZone = timeZone
    }

    /// The same day as `boundary.day(of: date, in: timeZone)`: `LocalDay(date, in: timeZone)` at midnight.
    public mutating func day(of date: Date, boundary: DayBoundary = .midnight) -> LocalDay {
        LocalDay(dayNumber: dayNumber(of: date, boundary: boundary))
    }

    /// The day of `date` as a day number (`LocalDay`'s), without building the day's year, month and day.
    mutating func dayNumber(of date: Date, boundary: DayBoundary = .midnight) -> Int {
        if span?.contains(date) != true {
            offsetSeconds = timeZone.secondsFromGMT(for: date)
            let next = timeZone.nextDaylightSavingTimeTransition(after: date) ?? .distantFuture
            span = date..<max(next, date.addingTimeInterval(1))
        }
        return boundary.dayNumber(of: date, offsetSeconds: offsetSeconds)
    }

    /// The day numbers of `start` and `end`, and whether the zone keeps one offset from one to the other (then every
    /// instant between lies on one of the two days or, when they differ, on a day between them).
    mutating func dayNumbers(
        from start: Date, to end: Date, boundary: DayBoundary = .midnight
    ) -> (first: Int, last: Int, oneOffset: Bool) {
        let first = dayNumber(of: start, boundary: boundary)
        if span?.contains(end) == true { return (first, boundary.dayNumber(of: end, offsetSeconds: offsetSeconds), true) }
        return (first, dayNumber(of: end, boundary: boundary), false)
    }
}

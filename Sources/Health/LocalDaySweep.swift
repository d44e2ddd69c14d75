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

    /// The same day as `LocalDay(date, in: timeZone)`.
    public mutating func day(of date: Date) -> LocalDay {
        if span?.contains(date) != true {
            offsetSeconds = timeZone.secondsFromGMT(for: date)
            let next = timeZone.nextDaylightSavingTimeTransition(after: date) ?? .distantFuture
            span = date..<max(next, date.addingTimeInterval(1))
        }
        let localSeconds = date.timeIntervalSince1970 + Double(offsetSeconds)
        return LocalDay(dayNumber: Int((localSeconds / 86_400).rounded(.down)))
    }
}

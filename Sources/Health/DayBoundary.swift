import Foundation

/// Where on the local clock a metric's day begins. Most metrics count calendar days, midnight to midnight. Sleep
/// follows Apple Health, Fitbit and Oura: a night belongs to the day one wakes up, so its day begins at 18:00 the
/// evening before. A night of 23:00–07:00 recorded as stage segments then stays whole on the morning's day instead of
/// being cut at midnight, "today's sleep" in the morning is last night (what a goal or a streak asks about), and an
/// afternoon nap (before 18:00) stays on its own day.
///
/// The rule reads the wall clock: an instant whose local time, moved forward by `secondsBeforeMidnight`, falls on a
/// day counts for that day. So a day's instants are [the day before at 18:00 local, this day at 18:00 local) whatever
/// daylight saving does in between.
public struct DayBoundary: Sendable, Hashable {
    /// How long before local midnight the day begins, in seconds (0 ..< 86,400).
    public let secondsBeforeMidnight: Int

    public init(secondsBeforeMidnight: Int) {
        precondition((0..<86_400).contains(secondsBeforeMidnight), "a day begins within the day before it")
        self.secondsBeforeMidnight = secondsBeforeMidnight
    }

    /// Calendar days.
    public static let midnight = DayBoundary(secondsBeforeMidnight: 0)
    /// 18:00 of the day before: sleep's day, dated by the morning the night ends.
    public static let eveningBefore = DayBoundary(secondsBeforeMidnight: 6 * 3_600)

    /// The day `date` counts for in `timeZone`. Arithmetic on the zone's offset, like `LocalDay(_:in:)` (which it
    /// equals at midnight), because aggregation runs it once per sample.
    public func day(of date: Date, in timeZone: TimeZone) -> LocalDay {
        LocalDay(dayNumber: dayNumber(of: date, offsetSeconds: timeZone.secondsFromGMT(for: date)))
    }

    /// The day number of `date` at a known UTC offset: the one place the rule is computed (`LocalDaySweep` passes the
    /// offset it has cached).
    func dayNumber(of date: Date, offsetSeconds: Int) -> Int {
        let shiftedLocalSeconds = date.timeIntervalSince1970 + Double(offsetSeconds + secondsBeforeMidnight)
        return Int((shiftedLocalSeconds / 86_400).rounded(.down))
    }

    /// The first instant that counts for `day`: its local midnight, or for sleep 18:00 local of the day before.
    public func start(of day: LocalDay, in timeZone: TimeZone) -> Date {
        guard secondsBeforeMidnight > 0 else { return day.start(in: timeZone) }
        let secondsIntoDayBefore = 86_400 - secondsBeforeMidnight
        let dayBefore = day.adding(days: -1)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let wallClock = DateComponents(
            year: dayBefore.year, month: dayBefore.month, day: dayBefore.day, hour: secondsIntoDayBefore / 3_600,
            minute: secondsIntoDayBefore % 3_600 / 60, second: secondsIntoDayBefore % 60
        )
        return calendar.date(from: wallClock)
            ?? day.start(in: timeZone).addingTimeInterval(-Double(secondsBeforeMidnight))
    }

    /// The instants that count for the days `first` through `last`: where to read a metric's records for them.
    public func instants(from first: LocalDay, through last: LocalDay, in timeZone: TimeZone) -> Range<Date> {
        let lower = start(of: first, in: timeZone)
        return lower..<max(lower, start(of: last.adding(days: 1), in: timeZone))
    }
}

import Foundation
import Health

/// A run of whole local days, both ends included: a week, a month, a year or a range a person picked.
///
/// Periods are counted in `LocalDay`s rather than instants because a person's "March" is March in their own
/// zone; day assignment from instants happens once, in Health's `DailyAggregator`.
public struct DayPeriod: Sendable, Hashable, Codable, CustomStringConvertible {
    public let first: LocalDay
    public let last: LocalDay

    /// The ends are swapped when given in the wrong order, so a reversed URL range still means something.
    public init(first: LocalDay, last: LocalDay) {
        self.first = min(first, last)
        self.last = max(first, last)
    }

    /// The Monday-to-Sunday week that holds `day`.
    public static func week(containing day: LocalDay) -> DayPeriod {
        let monday = day.startOfWeek
        return DayPeriod(first: monday, last: monday.adding(days: 6))
    }

    public static func month(year: Int, month: Int) -> DayPeriod {
        let start = LocalDay(year: year, month: month, day: 1)
        return DayPeriod(first: start, last: LocalDay(year: year, month: month + 1, day: 1).adding(days: -1))
    }

    public static func year(_ year: Int) -> DayPeriod {
        DayPeriod(first: LocalDay(year: year, month: 1, day: 1), last: LocalDay(year: year, month: 12, day: 31))
    }

    public var dayCount: Int {
        first.days(until: last) + 1
    }

    public func contains(_ day: LocalDay) -> Bool {
        first <= day && day <= last
    }

    /// Every day of the period, in order.
    public var days: [LocalDay] {
        (0..<dayCount).map { first.adding(days: $0) }
    }

    /// The same period cut off after `day`, so "this month" on the 10th has ten days and its coverage is not
    /// diluted by days that have not happened yet. Nil when the period starts after `day`.
    public func clipped(through day: LocalDay) -> DayPeriod? {
        guard first <= day else { return nil }
        return DayPeriod(first: first, last: min(last, day))
    }

    /// The period to compare against. A calendar month compares with the previous calendar month (a person
    /// reads "vs February" for March, not "vs the 31 days before"); a calendar year with the previous year;
    /// anything else, weeks included, with the equally long run of days just before it.
    public var previous: DayPeriod {
        if isCalendarYear {
            return DayPeriod.year(first.year - 1)
        }
        if isCalendarMonth {
            let start = LocalDay(year: first.year, month: first.month - 1, day: 1)
            return DayPeriod.month(year: start.year, month: start.month)
        }
        return DayPeriod(first: first.adding(days: -dayCount), last: first.adding(days: -1))
    }

    /// The same period one year earlier. Monday-to-Sunday weeks go back 52 weeks (364 days) so that weekdays
    /// line up — a Saturday's steps compare with a Saturday's; other periods take the same dates, with
    /// 29 February mapped to the 28th so the year-earlier period never spills into March.
    public var yearEarlier: DayPeriod {
        if isWholeWeeks {
            return DayPeriod(first: first.adding(days: -364), last: last.adding(days: -364))
        }
        if isCalendarYear {
            return DayPeriod.year(first.year - 1)
        }
        if isCalendarMonth {
            return DayPeriod.month(year: first.year - 1, month: first.month)
        }
        return DayPeriod(first: Self.sameDate(first, yearsBack: 1), last: Self.sameDate(last, yearsBack: 1))
    }

    var isWholeWeeks: Bool {
        first.weekday == 1 && dayCount % 7 == 0
    }

    var isCalendarYear: Bool {
        self == DayPeriod.year(first.year)
    }

    var isCalendarMonth: Bool {
        first.day == 1 && last == DayPeriod.month(year: first.year, month: first.month).last
    }

    public var description: String {
        "\(first)…\(last)"
    }

    static func sameDate(_ day: LocalDay, yearsBack: Int) -> LocalDay {
        let monthLength = DayPeriod.month(year: day.year - yearsBack, month: day.month).dayCount
        return LocalDay(year: day.year - yearsBack, month: day.month, day: min(day.day, monthLength))
    }
}

import Foundation
import Health

/// An ISO 8601 week: weeks start on Monday and belong to the year that holds their Thursday, so
/// 2020-12-31 and 2021-01-03 are both in 2020-W53.
public struct ISOWeek: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let year: Int
    public let week: Int

    public init(year: Int, week: Int) {
        self.year = year
        self.week = week
    }

    public init(containing day: LocalDay) {
        let thursday = day.startOfWeek.adding(days: 3)
        let januaryFirst = LocalDay(year: thursday.year, month: 1, day: 1)
        self.init(year: thursday.year, week: januaryFirst.days(until: thursday) / 7 + 1)
    }

    /// The week holding the instant in the zone: a Sunday-night set in Tokyo is in the week that ends then,
    /// even though it is already Monday in UTC.
    public init(containing date: Date, in timeZone: TimeZone) {
        self.init(containing: LocalDay(date, in: timeZone))
    }

    /// The week's Monday.
    public var monday: LocalDay {
        let januaryFourth = LocalDay(year: year, month: 1, day: 4)
        return januaryFourth.startOfWeek.adding(days: 7 * (week - 1))
    }

    /// 52, or 53 in years that start on a Thursday (or on a Wednesday in a leap year).
    public static func weeks(inYear year: Int) -> Int {
        ISOWeek(containing: LocalDay(year: year, month: 12, day: 28)).week
    }

    public var description: String {
        "\(year)-W\(week < 10 ? "0" : "")\(week)"
    }

    public static func < (lhs: ISOWeek, rhs: ISOWeek) -> Bool {
        (lhs.year, lhs.week) < (rhs.year, rhs.week)
    }
}

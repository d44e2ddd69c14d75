import Foundation
import Health

/// A store's regular schedule: weekday hours, Saturday/Sunday/holiday hours, and the days it rests.
public struct WeeklyHours: Sendable, Hashable, Codable {
    public var weekday: DailyHours
    public var weekendAndHoliday: DailyHours
    /// The chain rests on Thursdays, except when the Thursday is a national holiday.
    public var closedOnThursdays: Bool
    /// Dates closed every year, as "MM-DD" (the chain: 12-31 and 01-01).
    public var closedDates: [String]
    /// Months (1–12) whose closing time differs, e.g. an outlet mall's winter hours.
    public var seasonal: [SeasonalHours]

    public init(
        weekday: DailyHours, weekendAndHoliday: DailyHours, closedOnThursdays: Bool = true,
        closedDates: [String] = ["12-31", "01-01"], seasonal: [SeasonalHours] = []
    ) {
        self.weekday = weekday
        self.weekendAndHoliday = weekendAndHoliday
        self.closedOnThursdays = closedOnThursdays
        self.closedDates = closedDates
        self.seasonal = seasonal
    }

    /// The hours on `day`, or nil when the store is closed all day.
    public func hours(on day: LocalDay) -> DailyHours? {
        let monthDay = (day.month < 10 ? "0" : "") + String(day.month) + "-" + (day.day < 10 ? "0" : "") + String(day.day)
        if closedDates.contains(monthDay) { return nil }
        let holiday = JapaneseHolidays.isHoliday(day)
        if closedOnThursdays, day.weekday == 4, !holiday { return nil }
        let restDay = holiday || day.weekday >= 6
        if let season = seasonal.first(where: { $0.months.contains(day.month) }) {
            return restDay ? season.weekendAndHoliday : season.weekday
        }
        return restDay ? weekendAndHoliday : weekday
    }
}

/// Hours that replace the regular ones in some months of every year.
public struct SeasonalHours: Sendable, Hashable, Codable {
    public var months: [Int]
    public var weekday: DailyHours
    public var weekendAndHoliday: DailyHours

    public init(months: [Int], weekday: DailyHours, weekendAndHoliday: DailyHours) {
        self.months = months
        self.weekday = weekday
        self.weekendAndHoliday = weekendAndHoliday
    }
}

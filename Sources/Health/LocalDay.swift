import Foundation

/// A calendar day as a person lives it, independent of any instant. Days, streaks and goals are counted in
/// these, computed in the user's time zone, because a walk at 00:30 in Tokyo belongs to that Tokyo day even
/// though it is still the previous day in UTC.
///
/// Conversions from instants use plain arithmetic on the zone's UTC offset rather than `Calendar`, because
/// aggregating an Apple Health export runs this once per sample, millions of times.
public struct LocalDay: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// Components out of range roll over as `Calendar` would: month 13 is January of the next year,
    /// 31 April is 1 May.
    public init(year: Int, month: Int, day: Int) {
        let monthIndex = month - 1
        let carriedYear = year + monthIndex.flooredDivision(by: 12)
        let normalizedMonth = monthIndex.flooredModulo(12) + 1
        let number = LocalDay.dayNumber(year: carriedYear, month: normalizedMonth, day: 1) + day - 1
        self.init(dayNumber: number)
    }

    public init(_ date: Date, in timeZone: TimeZone) {
        let offset = timeZone.secondsFromGMT(for: date)
        let localSeconds = date.timeIntervalSince1970 + Double(offset)
        self.init(dayNumber: Int((localSeconds / 86_400).rounded(.down)))
    }

    /// Parses exactly "YYYY-MM-DD" and refuses impossible dates such as 2026-02-30, so a typo in a URL
    /// is an error rather than a silently shifted day.
    public init?(_ iso: String) {
        let parts = iso.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              (1...12).contains(month), (1...LocalDay.length(ofMonth: month, year: year)).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    init(dayNumber: Int) {
        // Howard Hinnant's civil_from_days: exact proleptic Gregorian arithmetic, no tables.
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        self.year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        self.month = month
        self.day = day
    }

    /// Days since 1970-01-01 (negative before).
    var dayNumber: Int {
        LocalDay.dayNumber(year: year, month: month, day: day)
    }

    public var description: String {
        let yearText = String(year)
        let padded = String(repeating: "0", count: max(0, 4 - yearText.count)) + yearText
        return padded + "-" + (month < 10 ? "0" : "") + String(month) + "-" + (day < 10 ? "0" : "") + String(day)
    }

    /// The first instant of this day in the zone. Goes through `Calendar` because zones whose clocks skip
    /// midnight for daylight saving start the day at 01:00, which only the calendar knows.
    public func start(in timeZone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let noon = DateComponents(year: year, month: month, day: day, hour: 12)
        guard let midday = calendar.date(from: noon) else {
            return Date(timeIntervalSince1970: Double(dayNumber * 86_400 - timeZone.secondsFromGMT()))
        }
        return calendar.startOfDay(for: midday)
    }

    public func adding(days: Int) -> LocalDay {
        LocalDay(dayNumber: dayNumber + days)
    }

    /// Whole days from this day to `other`: positive when `other` is later.
    public func days(until other: LocalDay) -> Int {
        other.dayNumber - dayNumber
    }

    /// ISO weekday: 1 is Monday, 7 is Sunday — Kiroku's weeks start on Monday.
    public var weekday: Int {
        // 1970-01-01 was a Thursday.
        (dayNumber + 3).flooredModulo(7) + 1
    }

    /// The Monday of this day's week.
    public var startOfWeek: LocalDay {
        adding(days: 1 - weekday)
    }

    public static func < (lhs: LocalDay, rhs: LocalDay) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    // Encoded as "YYYY-MM-DD", the form the API, URLs and CSV all use.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let day = LocalDay(text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "expected a date as YYYY-MM-DD, got \"\(text)\""
            )
        }
        self = day
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    static func length(ofMonth month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    static func isLeap(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    /// Howard Hinnant's days_from_civil.
    static func dayNumber(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}

extension Int {
    fileprivate func flooredDivision(by divisor: Int) -> Int {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }

    fileprivate func flooredModulo(_ divisor: Int) -> Int {
        let remainder = self % divisor
        return remainder < 0 ? remainder + divisor : remainder
    }
}

import Foundation
import Health

/// The phone app's dates in every ISO 8601 form (reference/gateway-protocol.md: "accept all ISO 8601 forms"), not
/// only the RFC 3339 profile the rest of the API takes. App versions format dates with different
/// `ISO8601DateFormatter` options, so a sample may say `2024-01-15T10:30:00Z`, `20240115T103000Z` (basic format),
/// `2024-01-15T10:30Z` (no seconds), `2024-01-15T10:30:00,5Z` (decimal comma), `+09` as its offset, an ordinal
/// (`2024-015`) or week date (`2024-W03-1`), or a local time with no offset at all, whose offset the sample's own
/// `timezoneOffset` or `timezone` then gives. A date in none of these forms keeps the API's reason.
enum GatewayDateReader {
    static func instant(_ text: String, timezoneOffset: Int?, timezone: String?) throws(DateInputError) -> Instant {
        do throws(DateInputError) {
            return try Instant.parse(text)
        } catch {
            guard let instant = iso8601(text, timezoneOffset: timezoneOffset, timezone: timezone) else { throw error }
            return instant
        }
    }

    /// Any ISO 8601 date and time of day, nil when the text is not one (or has no offset and the sample gives none).
    static func iso8601(_ text: String, timezoneOffset: Int?, timezone: String?) -> Instant? {
        let characters = Array(text.trimmingCharacters(in: .whitespaces).utf8)
        guard let separator = characters.firstIndex(where: { $0 == UInt8(ascii: "T") || $0 == UInt8(ascii: "t") || $0 == UInt8(ascii: " ") }),
              let day = calendarDay(characters[..<separator])
        else { return nil }
        var rest = characters[(separator + 1)...]
        // The offset: Z, ±hh, ±hhmm or ±hh:mm at the end.
        var offsetSeconds: Int?
        if let last = rest.last, last == UInt8(ascii: "Z") || last == UInt8(ascii: "z") {
            offsetSeconds = 0
            rest = rest.dropLast()
        } else if let sign = rest.lastIndex(where: { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") }) {
            guard let offset = offset(rest[sign...]) else { return nil }
            offsetSeconds = offset
            rest = rest[..<sign]
        }
        guard let secondsOfDay = timeOfDay(rest) else { return nil }
        let localMilliseconds = (Int64(day) * 86_400 + Int64(secondsOfDay.whole)) * 1000 + Int64(secondsOfDay.milliseconds)
        let offset: Int
        if let offsetSeconds {
            offset = offsetSeconds
        } else if let timezoneOffset, abs(timezoneOffset) <= 18 * 60 {
            offset = timezoneOffset * 60
        } else if let timezone, let zone = TimeZone(identifier: timezone) {
            // The zone's offset at that wall-clock time (taken at the instant the wall clock would be in UTC, then
            // corrected once, which is right outside the hour a clock change repeats or skips).
            let guess = Date(timeIntervalSince1970: Double(localMilliseconds) / 1000)
            let first = zone.secondsFromGMT(for: guess)
            offset = zone.secondsFromGMT(for: guess.addingTimeInterval(-Double(first)))
        } else {
            return nil
        }
        return Instant(millisecondsSince1970: localMilliseconds - Int64(offset) * 1000, utcOffsetSeconds: offset)
    }

    /// Days since 1970-01-01 of a calendar (`2024-01-15`, `20240115`), ordinal (`2024-015`, `2024015`) or week date
    /// (`2024-W03-1`, `2024W031`).
    private static func calendarDay(_ text: ArraySlice<UInt8>) -> Int? {
        let plain = text.filter { $0 != UInt8(ascii: "-") }
        let dashed = plain.count != text.count
        guard plain.count >= 7, let year = number(plain.prefix(4)) else { return nil }
        let tail = Array(plain.dropFirst(4))
        if tail.first == UInt8(ascii: "W") || tail.first == UInt8(ascii: "w") {
            guard tail.count == 4, let week = number(tail[1...2]), let weekday = number(tail[3...3]),
                  (1...53).contains(week), (1...7).contains(weekday)
            else { return nil }
            // Week 1 holds the year's first Thursday; its Monday is at most three days before 4 January.
            let january4 = daysFromCivil(year: year, month: 1, day: 4)
            let january4Weekday = (january4 + 3).modulo(7) + 1
            let monday = january4 - (january4Weekday - 1)
            let day = monday + (week - 1) * 7 + (weekday - 1)
            guard week < 53 || civilYear(fromDays: day - weekday + 4) == year else { return nil }
            return day
        }
        if tail.count == 3, let ordinal = number(tail[...]) {
            let length = isLeap(year) ? 366 : 365
            guard (1...length).contains(ordinal) else { return nil }
            return daysFromCivil(year: year, month: 1, day: 1) + ordinal - 1
        }
        guard tail.count == 4, let month = number(tail[0...1]), let day = number(tail[2...3]), (1...12).contains(month) else { return nil }
        // A dashed date must be dashed throughout (`2024-01-15`); a basic one has no dash at all.
        if dashed { guard text.count == 10, text[text.startIndex + 4] == UInt8(ascii: "-"), text[text.startIndex + 7] == UInt8(ascii: "-") else { return nil } }
        guard (1...daysIn(month: month, year: year)).contains(day) else { return nil }
        return daysFromCivil(year: year, month: month, day: day)
    }

    /// `hh`, `hh:mm`, `hh:mm:ss` or their basic forms `hhmm`, `hhmmss`, the last part with an optional decimal
    /// fraction after `.` or `,`.
    private static func timeOfDay(_ text: ArraySlice<UInt8>) -> (whole: Int, milliseconds: Int)? {
        var main = text
        var fraction = 0.0
        if let mark = text.firstIndex(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: ",") }) {
            let digits = text[(mark + 1)...]
            guard !digits.isEmpty, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
                  let value = Double("0." + String(decoding: digits.prefix(9), as: UTF8.self))
            else { return nil }
            fraction = value
            main = text[..<mark]
        }
        let parts: [ArraySlice<UInt8>]
        if main.contains(UInt8(ascii: ":")) {
            parts = main.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
            guard parts.allSatisfy({ $0.count == 2 }) else { return nil }
        } else {
            guard [2, 4, 6].contains(main.count) else { return nil }
            parts = stride(from: 0, to: main.count, by: 2).map { main.dropFirst($0).prefix(2) }
        }
        guard (1...3).contains(parts.count) else { return nil }
        let values = parts.compactMap(number)
        guard values.count == parts.count, values[0] <= 23, values.count < 2 || values[1] <= 59, values.count < 3 || values[2] <= 60 else { return nil }
        let seconds = values[0] * 3600 + (values.count > 1 ? values[1] * 60 : 0) + (values.count > 2 ? min(values[2], 59) : 0)
        // The fraction belongs to the last part given: of an hour, a minute or a second.
        let unit = [3600.0, 60.0, 1.0][values.count - 1]
        let extra = (fraction * unit * 1000).rounded()
        return (seconds + Int(extra) / 1000, Int(extra) % 1000)
    }

    /// `+hh`, `+hhmm` or `+hh:mm` (also `-`) in seconds east of UTC.
    private static func offset(_ text: ArraySlice<UInt8>) -> Int? {
        let sign = text.first == UInt8(ascii: "-") ? -1 : 1
        let digits = text.dropFirst().filter { $0 != UInt8(ascii: ":") }
        let colons = text.count - 1 - digits.count
        guard digits.count == 2 || digits.count == 4, colons == 0 || (colons == 1 && text.count == 6 && text[text.startIndex + 3] == UInt8(ascii: ":")),
              let hours = number(digits.prefix(2)), let minutes = digits.count == 4 ? number(digits.suffix(2)) : 0,
              hours <= 18, minutes <= 59
        else { return nil }
        return sign * (hours * 3600 + minutes * 60)
    }

    private static func number(_ digits: some Collection<UInt8>) -> Int? {
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        return digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }

    private static func isLeap(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        [31, isLeap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func civilYear(fromDays days: Int) -> Int {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        return yearOfEra + era * 400 + (monthIndex >= 10 ? 1 : 0)
    }
}

private extension Int {
    func modulo(_ divisor: Int) -> Int {
        let remainder = self % divisor
        return remainder < 0 ? remainder + divisor : remainder
    }
}

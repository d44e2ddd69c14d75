import Foundation

/// Any ISO 8601 date and time of day, not only the RFC 3339 profile `Instant.parse` takes: the basic format
/// (`20240115T103000Z`), no seconds (`2024-01-15T10:30Z`), a decimal comma (`10:30:00,5`), `+09` as the offset, an
/// ordinal (`2024-015`) or week date (`2024-W03-1`), and a local time with no offset at all, whose offset the caller
/// gives. Clients that format dates with different `ISO8601DateFormatter` options write all of these.
public enum ISO8601AnyForm {
    /// The instant of any ISO 8601 date and time of day, nil when the text is not one. A text without an offset is a
    /// wall-clock time: `localOffset` is given it (milliseconds since 1970-01-01 on that clock) and answers its offset in
    /// seconds east of UTC, or nil when there is none to give.
    public static func instant(_ text: String, localOffset: (Int64) -> Int?) -> Instant? {
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
        guard let offset = offsetSeconds ?? localOffset(localMilliseconds) else { return nil }
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
            let january4 = LocalDay.dayNumber(year: year, month: 1, day: 4)
            let monday = january4 - (LocalDay(dayNumber: january4).weekday - 1)
            let day = monday + (week - 1) * 7 + (weekday - 1)
            // A 53rd week exists only in a year whose last week's Thursday is still in it.
            guard week < 53 || LocalDay(dayNumber: day - weekday + 4).year == year else { return nil }
            return day
        }
        if tail.count == 3, let ordinal = number(tail[...]) {
            let length = LocalDay.isLeap(year) ? 366 : 365
            guard (1...length).contains(ordinal) else { return nil }
            return LocalDay.dayNumber(year: year, month: 1, day: 1) + ordinal - 1
        }
        guard tail.count == 4, let month = number(tail[0...1]), let day = number(tail[2...3]), (1...12).contains(month) else { return nil }
        // A dashed date must be dashed throughout (`2024-01-15`); a basic one has no dash at all.
        if dashed { guard text.count == 10, text[text.startIndex + 4] == UInt8(ascii: "-"), text[text.startIndex + 7] == UInt8(ascii: "-") else { return nil } }
        guard (1...LocalDay.length(ofMonth: month, year: year)).contains(day) else { return nil }
        return LocalDay.dayNumber(year: year, month: month, day: day)
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

}

import Foundation
import Health

/// Wall-clock times as export files write them (no zone): read in the owner's time zone, through Health's one date
/// parser, so an impossible date (31 Feb) makes the row unreadable instead of moving it to March.
enum LocalDateTime {
    static let monthNames = ["january", "february", "march", "april", "may", "june", "july", "august", "september",
                             "october", "november", "december"]

    /// 1...12 for a month written in full or as its three-letter abbreviation ("Sep" and "Sept" both), any case;
    /// nil for anything else, so "FebJan" or "Febx" is not read as February.
    static func month(named text: some StringProtocol) -> Int? {
        let name = text.lowercased()
        guard name.count >= 3 else { return nil }
        if name == "sept" { return 9 }
        guard let index = monthNames.firstIndex(where: { $0 == name || $0.prefix(3) == name }) else { return nil }
        return index + 1
    }

    /// "2024-01-15 07:30:00", "2024-01-15 07:30", "2024-01-15T07:30:00" or Hevy's "15 Jan 2024, 07:30".
    static func parse(_ text: String, in timeZone: TimeZone) -> Date? {
        if let time = try? WallClockTime.parse(text) { return time.date(in: timeZone) }
        return hevy(text)?.date(in: timeZone)
    }

    /// "15 Jan 2024, 07:30" or "5 January 2024, 07:30:15".
    private static func hevy(_ text: String) -> WallClockTime? {
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == ":" })
        guard (5...6).contains(parts.count), let month = month(named: parts[1]),
              let day = number(parts[0], digits: 1...2), let year = number(parts[2], digits: 4...4),
              let hour = number(parts[3], digits: 1...2), let minute = number(parts[4], digits: 2...2)
        else { return nil }
        let second = parts.count == 6 ? number(parts[5], digits: 2...2) : 0
        guard let second, let fields = try? DateTimeFields(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        else { return nil }
        return WallClockTime(fields)
    }

    private static func number(_ text: Substring, digits: ClosedRange<Int>) -> Int? {
        guard digits.contains(text.count), text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }

    /// "2024-01-15 07:30:00" in the zone, the form Strong writes.
    static func format(_ date: Date, in timeZone: TimeZone) -> String {
        WallClockTime(date, in: timeZone).fields.text(separator: UInt8(ascii: " "), milliseconds: false)
    }
}

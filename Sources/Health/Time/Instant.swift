import Foundation

/// A moment in time to the exact millisecond, with the UTC offset it was written in.
///
/// Every instant a client sends (API bodies, query strings, CLI options, gateway samples, import files) is read
/// by `Instant.parse`, and every instant the API writes is `iso8601`: one reader and one writer, so what goes
/// in comes back out unchanged (`.999` stays `.999`) and an impossible date is refused rather than rolled over.
public struct Instant: Sendable, Hashable, CustomStringConvertible {
    /// Whole milliseconds since 1970-01-01T00:00:00Z.
    public let millisecondsSince1970: Int64
    /// Seconds east of UTC the instant was written in (0 for `Z`).
    public let utcOffsetSeconds: Int

    public init(millisecondsSince1970: Int64, utcOffsetSeconds: Int = 0) {
        self.millisecondsSince1970 = millisecondsSince1970
        self.utcOffsetSeconds = utcOffsetSeconds
    }

    /// The date rounded to the nearest millisecond (a `Date` is binary floating point: `.999` is stored as
    /// `.99899…`, which truncation would turn into `.998`). Dates beyond years 0000–9999 are clamped to them.
    public init(_ date: Date, utcOffsetSeconds: Int = 0) {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        let bounds = DateTimeFields.wallClockRange
        let clamped = milliseconds.isNaN ? 0 : min(max(milliseconds, Double(bounds.lowerBound)), Double(bounds.upperBound))
        self.init(millisecondsSince1970: Int64(clamped), utcOffsetSeconds: utcOffsetSeconds)
    }

    public var date: Date {
        Date(timeIntervalSince1970: Double(millisecondsSince1970) / 1000)
    }

    /// Reads an RFC 3339 date and time with `Z` or an offset (`2026-05-01T07:30:00Z`, `2026-05-01T16:30:00.125+09:00`,
    /// `2026-05-01 16:30:00+0900`), plus the extra spellings `forms` allows. Fractions of 1–9 digits are rounded to
    /// the millisecond. Refuses anything the calendar does not have — no rollover.
    ///
    /// The single entry point of the date parser: fuzz this.
    public static func parse(_ text: some StringProtocol, forms: DateTextForms = .standard) throws(DateInputError) -> Instant {
        do throws(DateTextProblem) {
            let (fields, offset) = try DateTextScanner.scan(text, forms: forms)
            guard let offset else { throw .missingOffset }
            let milliseconds = fields.wallClockMilliseconds - Int64(offset) * 1000
            // The offset may carry a four-digit year past 9999 or before 0000 in UTC (`9999-12-31 23:59:59 -1400`,
            // found by make fuzz), and such an instant has no day text that reads back.
            guard Self.representable.contains(milliseconds) else { throw .year(fields.year) }
            return Instant(millisecondsSince1970: milliseconds, utcOffsetSeconds: offset)
        } catch {
            throw DateInputError(.unreadable(error), text: text)
        }
    }

    /// 0000-01-01T00:00:00.000Z through 9999-12-31T23:59:59.999Z: the instants whose UTC date has four digits.
    static let representable: ClosedRange<Int64> = -62_167_219_200_000...253_402_300_799_999

    /// RFC 3339 in UTC with milliseconds, the API's one output form: `2026-05-01T07:30:00.999Z`.
    public var iso8601: String {
        Self.format(millisecondsSince1970, suffix: "Z")
    }

    /// RFC 3339 in UTC to the second, `2026-05-01T07:30:00Z`: for clients whose decoder takes no fraction (Swift's
    /// `JSONDecoder` with `.iso8601` on the iOS versions the gateway app runs on refuses `.999`).
    public var iso8601WholeSeconds: String {
        DateTimeFields(wallClockMilliseconds: millisecondsSince1970).text(milliseconds: false) + "Z"
    }

    /// RFC 3339 on the wall clock of `utcOffsetSeconds`, with milliseconds: `2026-05-01T16:30:00.999+09:00`.
    public var iso8601WithOffset: String {
        guard utcOffsetSeconds != 0 else { return iso8601 }
        return Self.format(millisecondsSince1970 + Int64(utcOffsetSeconds) * 1000, suffix: offsetText)
    }

    /// For a person, as the source wrote it: its wall clock to the second and its offset, `2024-03-10 21:00:00 +09:00`
    /// (an import summary shows when the phone made the export, in the phone's own time).
    public var wallClockText: String {
        DateTimeFields(wallClockMilliseconds: millisecondsSince1970 + Int64(utcOffsetSeconds) * 1000)
            .text(separator: UInt8(ascii: " "), milliseconds: false) + " " + offsetText
    }

    /// `+09:00`, `-05:30`, `+00:00`.
    private var offsetText: String {
        let minutes = abs(utcOffsetSeconds) / 60
        let hours = minutes / 60 < 10 ? "0\(minutes / 60)" : "\(minutes / 60)"
        return (utcOffsetSeconds < 0 ? "-" : "+") + hours + ":" + (minutes % 60 < 10 ? "0" : "") + "\(minutes % 60)"
    }

    /// `iso8601` of a date.
    public static func iso8601(_ date: Date) -> String {
        Instant(date).iso8601
    }

    public var description: String { iso8601WithOffset }

    private static func format(_ wallClock: Int64, suffix: String) -> String {
        DateTimeFields(wallClockMilliseconds: wallClock).text() + suffix
    }
}

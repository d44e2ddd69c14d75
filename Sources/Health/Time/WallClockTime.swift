import Foundation

/// A date and time on a wall clock, with no offset: what a `datetime-local` form field or a workout app's CSV
/// writes. It becomes an instant only once the time zone it was read in is known.
public struct WallClockTime: Sendable, Hashable {
    public let fields: DateTimeFields

    public init(_ fields: DateTimeFields) {
        self.fields = fields
    }

    /// Reads `2026-05-01T07:30`, `2026-05-01 07:30:15` or `2026-05-01T07:30:15.250` (seconds optional by default),
    /// through the same parser as `Instant.parse`; an offset is refused, since it would make the zone ambiguous.
    public static func parse(_ text: some StringProtocol, forms: DateTextForms = [.optionalSeconds]) throws(DateInputError) -> WallClockTime {
        do throws(DateTextProblem) {
            let (fields, offset) = try DateTextScanner.scan(text, forms: forms)
            guard offset == nil else { throw .unexpectedOffset }
            return WallClockTime(fields)
        } catch {
            throw DateInputError(.unreadable(error), text: text)
        }
    }

    /// The instant this wall-clock time is in `timeZone`. A time the clocks skip (the hour a daylight-saving change
    /// jumps over) moves forward by the jump, as `Calendar` does: 02:30 on a spring-forward night is 03:30.
    public func date(in timeZone: TimeZone) -> Date {
        let local = fields.wallClockMilliseconds
        func offset(at utc: Int64) -> Int64 {
            Int64(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(utc) / 1000))) * 1000
        }
        // The offset in force at the result must be the one used to get there; in a gap neither candidate is.
        let first = local - offset(at: local)
        let second = local - offset(at: first)
        let chosen = offset(at: first) == local - first ? first : offset(at: second) == local - second ? second : max(first, second)
        return Date(timeIntervalSince1970: Double(chosen) / 1000)
    }

    /// The wall-clock time of `date` in `timeZone`, to the millisecond.
    public init(_ date: Date, in timeZone: TimeZone) {
        let local = Instant(date).millisecondsSince1970 + Int64(timeZone.secondsFromGMT(for: date)) * 1000
        self.fields = DateTimeFields(wallClockMilliseconds: local)
    }
}

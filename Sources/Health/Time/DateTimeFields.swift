/// A date and a time of day as written, every field already checked against the proleptic Gregorian
/// calendar: no February 30th, no hour 24, no minute or second 60. Nothing here ever rolls over.
public struct DateTimeFields: Sendable, Hashable {
    public let year: Int
    public let month: Int
    public let day: Int
    public let hour: Int
    public let minute: Int
    public let second: Int
    /// The fraction of the second as written, in nanoseconds (0 when none was written).
    public let nanosecond: Int

    /// Checks each field; the first one out of range is the error, so its message can name it.
    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0, nanosecond: Int = 0) throws(DateTextProblem) {
        guard (0...9999).contains(year) else { throw .year(year) }
        guard (1...12).contains(month) else { throw .month(month) }
        guard (1...LocalDay.length(ofMonth: month, year: year)).contains(day) else { throw .day(day, month: month, year: year) }
        guard (0...23).contains(hour) else { throw .hour(hour) }
        guard (0...59).contains(minute) else { throw .minute(minute) }
        guard (0...59).contains(second) else { throw .second(second) }
        guard (0..<1_000_000_000).contains(nanosecond) else { throw .malformed }
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
        self.nanosecond = nanosecond
    }

    /// Milliseconds from 1970-01-01T00:00:00 on the same wall clock, the fraction rounded to the nearest
    /// millisecond (half up), so `.999` stays 999 and `.9995` becomes the next second.
    public var wallClockMilliseconds: Int64 {
        let days = Int64(LocalDay.dayNumber(year: year, month: month, day: day))
        let seconds = days * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        return seconds * 1000 + Int64((nanosecond + 500_000) / 1_000_000)
    }

    /// The first and last wall-clock millisecond four-digit years can write (0000-01-01 to 9999-12-31).
    public static let wallClockRange: ClosedRange<Int64> = -62_167_219_200_000...253_402_300_799_999

    /// The fields of a wall-clock millisecond count (the inverse of `wallClockMilliseconds`), clamped to
    /// `wallClockRange`.
    public init(wallClockMilliseconds: Int64) {
        let clamped = min(max(wallClockMilliseconds, Self.wallClockRange.lowerBound), Self.wallClockRange.upperBound)
        let (days, inDay) = clamped.floorDivided(by: 86_400_000)
        let date = LocalDay(dayNumber: Int(days))
        let milliseconds = Int(inDay)
        // Civil arithmetic on a clamped count: every field is in range by construction.
        year = date.year
        month = date.month
        day = date.day
        hour = milliseconds / 3_600_000
        minute = milliseconds / 60_000 % 60
        second = milliseconds / 1000 % 60
        nanosecond = milliseconds % 1000 * 1_000_000
    }

    /// `2026-05-01T07:30:00.250`: RFC 3339 without an offset, with `separator` between date and time and the
    /// milliseconds when asked for. Written byte by byte: imports format two dates per sample.
    public func text(separator: UInt8 = UInt8(ascii: "T"), milliseconds: Bool = true) -> String {
        String(unsafeUninitializedCapacity: 23) { buffer in
            func put(_ value: Int, _ at: Int, _ width: Int) {
                var value = value
                for index in stride(from: at + width - 1, through: at, by: -1) {
                    buffer[index] = UInt8(truncatingIfNeeded: 48 + value % 10)
                    value /= 10
                }
            }
            put(year, 0, 4); buffer[4] = UInt8(ascii: "-")
            put(month, 5, 2); buffer[7] = UInt8(ascii: "-")
            put(day, 8, 2); buffer[10] = separator
            put(hour, 11, 2); buffer[13] = UInt8(ascii: ":")
            put(minute, 14, 2); buffer[16] = UInt8(ascii: ":")
            put(second, 17, 2)
            guard milliseconds else { return 19 }
            buffer[19] = UInt8(ascii: ".")
            put(nanosecond / 1_000_000, 20, 3)
            return 23
        }
    }
}

extension Int64 {
    /// Quotient rounded towards minus infinity and a remainder that is never negative.
    func floorDivided(by divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        let quotient = self / divisor
        let remainder = self % divisor
        return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
    }
}

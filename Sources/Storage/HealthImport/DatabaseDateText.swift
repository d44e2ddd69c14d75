import Foundation
import Health

/// Dates as GRDB stores them ("yyyy-MM-dd HH:mm:ss.SSS", UTC), written without a DateFormatter: GRDB's own
/// conversion goes through ICU and cost more than everything else in an import put together. The millisecond is
/// rounded, not truncated, so `.999` read from a file is stored as `.999`.
enum DatabaseDateText {
    static func string(_ date: Date) -> String {
        string(milliseconds: milliseconds(date))
    }

    /// The millisecond a date is stored as, within the four-digit years the text can hold: two dates' texts order as
    /// these numbers do, and a text's first 13 characters name the hour `milliseconds / 3,600,000` (rounded down).
    static func milliseconds(_ date: Date) -> Int64 {
        let range = DateTimeFields.wallClockRange
        return min(max(Instant(date).millisecondsSince1970, range.lowerBound), range.upperBound)
    }

    static func string(milliseconds: Int64) -> String {
        DateTimeFields(wallClockMilliseconds: milliseconds).text(separator: UInt8(ascii: " "))
    }
}

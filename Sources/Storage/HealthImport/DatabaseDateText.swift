import Foundation
import Health

/// Dates as GRDB stores them ("yyyy-MM-dd HH:mm:ss.SSS", UTC), written without a DateFormatter: GRDB's own
/// conversion goes through ICU and cost more than everything else in an import put together. The millisecond is
/// rounded, not truncated, so `.999` read from a file is stored as `.999`.
enum DatabaseDateText {
    static func string(_ date: Date) -> String {
        DateTimeFields(wallClockMilliseconds: Instant(date).millisecondsSince1970).text(separator: UInt8(ascii: " "))
    }
}

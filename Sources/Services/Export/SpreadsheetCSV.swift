import Foundation

/// CSV meant to be opened in a spreadsheet. Excel reads a file without a UTF-8 byte-order mark as the system's
/// legacy code page (Shift_JIS on a Japanese Windows), turning 体重 into mojibake, so exports start with one unless
/// the caller opts out. Times are written on the user's wall clock as `yyyy-MM-dd HH:mm:ss`, which spreadsheets
/// read as dates; the zone is named in each row's `time_zone` column.
public enum SpreadsheetCSV {
    public static let byteOrderMark = "\u{FEFF}"

    public static func bytes(_ text: String, byteOrderMark: Bool) -> Data {
        Data(((byteOrderMark ? Self.byteOrderMark : "") + text).utf8)
    }

    /// Formats instants in one zone; made once per export (a formatter is costly to create, cheap to reuse).
    public final class Clock {
        public let timeZone: TimeZone
        private let formatter: DateFormatter

        public init(timeZone: TimeZone) {
            self.timeZone = timeZone
            formatter = DateFormatter()
            formatter.calendar = Calendar(identifier: .gregorian)
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = timeZone
            formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        }

        public func format(_ date: Date) -> String {
            formatter.string(from: date)
        }
    }
}

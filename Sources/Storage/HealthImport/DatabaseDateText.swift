import Foundation

/// Dates as GRDB stores them ("yyyy-MM-dd HH:mm:ss.SSS", UTC), written without a DateFormatter: GRDB's own
/// conversion goes through ICU and cost more than everything else in an import put together.
enum DatabaseDateText {
    static func string(_ date: Date) -> String {
        let millis = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        var days = millis >= 0 ? millis / 86_400_000 : (millis - 86_399_999) / 86_400_000
        let inDay = millis - days * 86_400_000
        // civil_from_days (Howard Hinnant).
        days += 719_468
        let era = (days >= 0 ? days : days - 146_096) / 146_097
        let dayOfEra = days - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        var bytes = [UInt8](repeating: 0, count: 23)
        func put(_ value: Int64, _ at: Int, _ width: Int) {
            var value = value
            for index in stride(from: at + width - 1, through: at, by: -1) {
                bytes[index] = UInt8(truncatingIfNeeded: 48 + value % 10)
                value /= 10
            }
        }
        put(year, 0, 4); bytes[4] = UInt8(ascii: "-")
        put(month, 5, 2); bytes[7] = UInt8(ascii: "-")
        put(day, 8, 2); bytes[10] = UInt8(ascii: " ")
        put(inDay / 3_600_000, 11, 2); bytes[13] = UInt8(ascii: ":")
        put(inDay / 60_000 % 60, 14, 2); bytes[16] = UInt8(ascii: ":")
        put(inDay / 1000 % 60, 17, 2); bytes[19] = UInt8(ascii: ".")
        put(inDay % 1000, 20, 3)
        return String(decoding: bytes, as: UTF8.self)
    }
}

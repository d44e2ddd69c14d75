import Foundation
import Health

/// How pages write instants and numbers: in the user's time zone, the same way on every page.
enum WebFormatting {
    static func dateTime(_ date: Date, timeZone: TimeZone) -> String {
        var style = Date.VerbatimFormatStyle(
            format: "\(year: .defaultDigits)-\(month: .twoDigits)-\(day: .twoDigits) \(hour: .twoDigits(clock: .twentyFourHour, hourCycle: .zeroBased)):\(minute: .twoDigits)",
            timeZone: timeZone, calendar: Calendar(identifier: .gregorian)
        )
        style.locale = Locale(identifier: "en_US_POSIX")
        return date.formatted(style)
    }

    /// Parses the value of an `<input type="datetime-local">` ("2026-11-22T07:30") as a local time.
    static func parseLocalDateTime(_ text: String, timeZone: TimeZone) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.timeZone = timeZone
        for format in ["yyyy-MM-dd'T'HH:mm", "yyyy-MM-dd'T'HH:mm:ss", "yyyy-MM-dd HH:mm"] {
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }

    static func value(_ value: Double, metric: Metric?) -> String {
        guard let metric else { return String(value) }
        return metric.format(value)
    }

    /// Noon of a local day: a chart point that labels as that day whatever the chart's rounding.
    static func chartInstant(_ day: LocalDay, timeZone: TimeZone) -> Date {
        day.start(in: timeZone).addingTimeInterval(12 * 3600)
    }
}

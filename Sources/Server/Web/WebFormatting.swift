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

    /// Reads the value of an `<input type="datetime-local">` ("2026-11-22T07:30", seconds optional) as a time
    /// in the user's zone, through the one date parser: 2026-02-30 is refused, not moved to March. A refusal names
    /// the field by its label on the form (`field`; the forms that call this label it 日時 / When).
    static func parseLocalDateTime(
        _ text: String, timeZone: TimeZone, field: LocalizedText = WebStrings.whenLabel
    ) throws(FormDateError) -> Date {
        do throws(DateInputError) {
            return try WallClockTime.parse(text).date(in: timeZone)
        } catch {
            throw FormDateError(error, field: field)
        }
    }

    /// A number as typed in a form: trimmed, full-width digits and signs (６２．５ from a Japanese keyboard) read as
    /// their ASCII twins; commas that group thousands (8,000 or 12,345.6, as Kiroku's pages print numbers) dropped,
    /// and any other comma read as a decimal comma (62,5).
    static func typedNumber(_ text: String?) -> String {
        let trimmed = (text ?? "").trimmingCharacters(in: .whitespaces)
        let narrow = (trimmed.applyingTransform(.fullwidthToHalfwidth, reverse: false) ?? trimmed)
            .replacingOccurrences(of: "，", with: ",").replacingOccurrences(of: "−", with: "-").trimmingCharacters(in: .whitespaces)
        // 1,000 / -12,345.6 / 1,234,567: groups of exactly three digits after the first comma.
        if narrow.wholeMatch(of: /[-+]?\d{1,3}(,\d{3})+(\.\d+)?/) != nil { return narrow.replacingOccurrences(of: ",", with: "") }
        return narrow.replacingOccurrences(of: ",", with: ".")
    }

    /// An optional number field: `.some(nil)` when left empty, nil when what was typed is not a number, so a form
    /// can tell "cleared" from "wrong".
    static func optionalNumber(_ text: String?) -> Double?? {
        guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return .some(nil) }
        return Double(typedNumber(text)).map { .some($0) } ?? nil
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

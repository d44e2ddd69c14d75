import Foundation

/// The instants a field accepts. A date can be perfectly valid on the calendar and still be a typo for the
/// field (a weight logged in year 0001, a queue reading for 2199); each kind of field has its window, always
/// computed from a `now` the caller passes in.
public struct InstantWindow: Sendable, Hashable {
    public let earliest: Date
    public let latest: Date
    /// The window in words, completing "it must be …".
    public let rule: LocalizedText

    public init(earliest: Date, latest: Date, rule: LocalizedText) {
        self.earliest = earliest
        self.latest = latest
        self.rule = rule
    }

    /// Phones' clocks and time zones drift: a day either side of `now` is tolerated, more is a mistake.
    public static let clockTolerance: TimeInterval = 86_400

    /// 1900-01-01T00:00:00Z: nothing a person records about their health is older.
    public static let earliestHealthData = Date(timeIntervalSince1970: -2_208_988_800)

    /// Health data (records, samples, sets, imports): from 1900-01-01 to one day after `now`.
    public static func healthData(now: Date) -> InstantWindow {
        InstantWindow(
            earliest: earliestHealthData, latest: now.addingTimeInterval(clockTolerance),
            rule: LocalizedText(ja: "1900-01-01 から現在の1日後まで", en: "between 1900-01-01 and one day after now")
        )
    }

    /// A queue reading an operator sends: within one day of `now`, before or after.
    public static func operatorReading(now: Date) -> InstantWindow {
        InstantWindow(
            earliest: now.addingTimeInterval(-clockTolerance), latest: now.addingTimeInterval(clockTolerance),
            rule: LocalizedText(ja: "現在の前後1日以内", en: "within one day of now")
        )
    }

    public func contains(_ date: Date) -> Bool {
        date >= earliest && date <= latest
    }

    /// Refuses `date` when it is outside the window, naming the field and the value.
    public func check(_ date: Date, field: String) throws(DateInputError) {
        guard contains(date) else { throw refusal(date, field: field) }
    }

    public func refusal(_ date: Date, field: String) -> DateInputError {
        DateInputError(.outOfRange(self), text: Instant(date).iso8601, field: field)
    }
}

import Foundation
import Health
import Insights

/// Which period a trends page, the API or the CLI asked for: the 30 days up to a day, the week, month or year
/// holding a day, or a custom range of days. Parsed once here so the three agree on what "month" means.
public struct TrendPeriodRequest: Sendable, Equatable {
    public enum Kind: String, Sendable, Codable, CaseIterable {
        /// The 30 days that end on a day (today unless asked): the default, because a calendar month to date shows
        /// a day or two at the start of every month.
        case thirtyDays = "30d"
        case week
        case month
        case year
        case custom
    }

    /// How many days the default period covers.
    public static let rollingDayCount = 30

    /// Longest custom range: ten years of days.
    public static let maximumDays = 3660

    public let kind: Kind
    public let period: DayPeriod

    /// `period` is 30d, week, month, year or custom (missing: 30d, or custom when `from` or `to` is given);
    /// `date` picks which week, month or year (default today), or the last of the 30 days; `from`/`to` bound a
    /// custom range (`to` defaults to today, `from` to 29 days before `to`; `from` after `to` is refused, as
    /// everywhere else). A current period is cut off at today, so its coverage is not diluted by days that have not
    /// happened yet.
    public static func parse(
        period: String?, date: String? = nil, from: String? = nil, to: String? = nil, today: LocalDay
    ) throws(InsightsError) -> TrendPeriodRequest {
        let wanted = period?.trimmingCharacters(in: .whitespaces).lowercased()
        let kind: Kind
        if let wanted, !wanted.isEmpty {
            guard let parsed = Kind(rawValue: wanted) else { throw InsightsError.invalidPeriod(period ?? "") }
            kind = parsed
        } else {
            kind = (nonEmpty(from) ?? nonEmpty(to)) == nil ? .thirtyDays : .custom
        }
        switch kind {
        case .custom:
            let last = try day(to, name: "to") ?? today
            let first = try day(from, name: "from") ?? last.adding(days: -29)
            // DayPeriod would swap the ends; a reversed range in a request is a mistake to name instead.
            guard first <= last else { throw InsightsError(ServiceError.reversedRange(start: "from", end: "to")) }
            let range = DayPeriod(first: first, last: last)
            guard range.dayCount <= maximumDays else { throw InsightsError.rangeTooLong(maximumDays: maximumDays) }
            return TrendPeriodRequest(kind: .custom, period: range)
        case .thirtyDays:
            let last = min(try day(date, name: "date") ?? today, today)
            return TrendPeriodRequest(kind: kind, period: DayPeriod(first: last.adding(days: -(rollingDayCount - 1)), last: last))
        case .week, .month, .year:
            let anchor = try day(date, name: "date") ?? today
            let unit = CalendarUnit(rawValue: kind.rawValue) ?? .month
            let whole = unit.period(containing: anchor)
            return TrendPeriodRequest(kind: kind, period: whole.clipped(through: today) ?? whole)
        }
    }

    public init(kind: Kind, period: DayPeriod) {
        self.kind = kind
        self.period = period
    }

    /// The period of the same kind just before this one (for "previous" links); nil for custom ranges.
    public var previousAnchor: LocalDay? {
        kind == .custom ? nil : period.first.adding(days: -1)
    }

    /// The day that picks the next period of the same kind (for 30 days, its last day, at most today), or nil when
    /// that would start after `today`.
    public func nextAnchor(today: LocalDay) -> LocalDay? {
        if kind == .thirtyDays {
            return period.last < today ? min(period.last.adding(days: Self.rollingDayCount), today) : nil
        }
        guard kind != .custom, let unit = CalendarUnit(rawValue: kind.rawValue) else { return nil }
        let next = unit.period(containing: period.first).last.adding(days: 1)
        return next <= today ? next : nil
    }

    static func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        return text
    }

    static func day(_ text: String?, name: String) throws(InsightsError) -> LocalDay? {
        guard let text = nonEmpty(text) else { return nil }
        guard let day = LocalDay(text.trimmingCharacters(in: .whitespaces)) else { throw InsightsError.invalidDay(name, text) }
        return day
    }
}

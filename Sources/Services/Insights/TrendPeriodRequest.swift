import Foundation
import Health
import Insights

/// Which period a trends page, the API or the CLI asked for: the week, month or year holding a day, or a
/// custom range of days. Parsed once here so the three agree on what "month" means.
public struct TrendPeriodRequest: Sendable, Equatable {
    public enum Kind: String, Sendable, Codable, CaseIterable {
        case week
        case month
        case year
        case custom
    }

    /// Longest custom range: ten years of days.
    public static let maximumDays = 3660

    public let kind: Kind
    public let period: DayPeriod

    /// `period` is week, month, year or custom (missing: month, or custom when `from` or `to` is given);
    /// `date` picks which week, month or year (default today); `from`/`to` bound a custom range (`to`
    /// defaults to today, `from` to 29 days before `to`; `from` after `to` is refused, as everywhere else). A
    /// current period is cut off at today, so its coverage is not diluted by days that have not happened yet.
    public static func parse(
        period: String?, date: String? = nil, from: String? = nil, to: String? = nil, today: LocalDay
    ) throws(InsightsError) -> TrendPeriodRequest {
        let wanted = period?.trimmingCharacters(in: .whitespaces).lowercased()
        let kind: Kind
        if let wanted, !wanted.isEmpty {
            guard let parsed = Kind(rawValue: wanted) else { throw InsightsError.invalidPeriod(period ?? "") }
            kind = parsed
        } else {
            kind = (nonEmpty(from) ?? nonEmpty(to)) == nil ? .month : .custom
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

    /// The first day of the next period of the same kind, or nil when that is after `today`.
    public func nextAnchor(today: LocalDay) -> LocalDay? {
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

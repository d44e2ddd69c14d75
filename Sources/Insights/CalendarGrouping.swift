import Foundation
import Health

/// The calendar units a trend chart groups days into.
public enum CalendarUnit: String, Sendable, Codable, CaseIterable {
    /// Monday to Sunday.
    case week
    case month
    case year

    /// The unit's period that holds `day`.
    public func period(containing day: LocalDay) -> DayPeriod {
        switch self {
        case .week: DayPeriod.week(containing: day)
        case .month: DayPeriod.month(year: day.year, month: day.month)
        case .year: DayPeriod.year(day.year)
        }
    }
}

extension DailySeries {
    /// One bucket per week, month or year that has data, in order, each with the same figures a metric page
    /// shows for that period. Buckets without data are left out: a chart shows a gap, not a zero.
    /// When `within` is given, only its days count and the buckets at its ends are clipped to it.
    public func grouped(by unit: CalendarUnit, within limits: DayPeriod? = nil) -> [PeriodFigures] {
        let selected = limits.map { points(in: $0) } ?? points
        var periods: [DayPeriod] = []
        for point in selected {
            let period = unit.period(containing: point.day)
            if periods.last != period { periods.append(period) }
        }
        return periods.map { period in
            let clipped = limits.map {
                DayPeriod(first: max(period.first, $0.first), last: min(period.last, $0.last))
            } ?? period
            return PeriodFigures(series: self, period: clipped)
        }
    }
}

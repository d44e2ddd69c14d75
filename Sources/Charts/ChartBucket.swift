import Foundation

/// How long a stretch one mark stands for: a day, or on a long chart a week's or a month's average. A bar is as wide
/// as its stretch, a line joins neighbouring stretches, and the summary counts stretches, so a year of weekly bars is
/// not a comb of 1-px days nor two years of monthly means a row of dots.
public enum ChartBucket: Sendable, Equatable {
    case day
    /// Monday to Sunday, as the trends page groups weeks.
    case week
    case month
}

extension ChartBucket {
    /// Local days from `date`'s day to the end of its bucket, both included: a bucket cut short by the start of a
    /// period (a year that begins on a Wednesday) is dated on its first day and is only that much wide.
    func days(from date: Date, in calendar: DayCalendar) -> Int {
        switch self {
        case .day: 1
        case .week: calendar.daysLeftInWeek(date)
        case .month: calendar.daysLeftInMonth(date)
        }
    }

    /// Whether a line may run from `previous` to `next`: only if `next` is in the bucket after `previous`'s, so it
    /// never crosses a week or month without data. Daily readings are joined across up to
    /// `LineChartGeometry.maximumJoinedGapDays`, as a weigh-in most mornings is still a line.
    func joins(_ previous: Date, to next: Date, in calendar: DayCalendar) -> Bool {
        let gap = calendar.days(from: previous, to: next)
        guard self != .day else { return gap <= LineChartGeometry.maximumJoinedGapDays }
        let rest = days(from: previous, in: calendar)
        let following = calendar.dayStart(rest, after: calendar.startOfDay(previous))
        return gap < rest + days(from: following, in: calendar)
    }

    /// A mark's date as its tooltip and the summary name it: a month with its year, else its (first) day.
    func label(_ date: Date, in calendar: DayCalendar) -> String {
        self == .month ? calendar.monthLabel(date) : calendar.label(date)
    }

    /// What a mark's tooltip names: a week by its days ("1/5–1/11", or from the range's first day when the range
    /// cuts it short), since a week's first day alone reads as that one day's figure.
    func tooltipLabel(_ date: Date, in calendar: DayCalendar) -> String {
        guard self == .week else { return label(date, in: calendar) }
        let last = calendar.dayStart(days(from: date, in: calendar) - 1, after: calendar.startOfDay(date))
        return "\(calendar.label(date))–\(calendar.label(last))"
    }

    var entries: ChartSummary.Entries {
        switch self {
        case .day: .days
        case .week: .weeks
        case .month: .months
        }
    }
}

import Foundation

/// Daily values condensed to one per calendar month: the mean over the days of the month that have a value.
///
/// Years of history drawn one bar per day are thousands of bars a phone cannot show; a month's average day
/// keeps the seasons and the trend visible. Days without data are left out of the mean (a day the phone was
/// off is not a day of zero steps).
public enum MonthlyAverage {
    /// One point per month that has data, dated the first of the month, in order.
    public static func of(_ days: [TrendPoint]) -> [TrendPoint] {
        var totals: [LocalDay: (sum: Double, count: Int)] = [:]
        for point in days {
            let month = LocalDay(year: point.day.year, month: point.day.month, day: 1)
            totals[month, default: (0, 0)].sum += point.value
            totals[month, default: (0, 0)].count += 1
        }
        return totals.sorted { $0.key < $1.key }.map { month, total in
            TrendPoint(day: month, value: total.sum / Double(total.count))
        }
    }
}

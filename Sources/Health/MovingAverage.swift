import Foundation

/// The smoothing line drawn over daily values (R2). A line from a handful of days would swing with every
/// reading and mislead, so nothing is drawn until a week of data exists.
public enum MovingAverage {
    public static let minimumDays = 7

    /// 7-day trailing moving average of daily values; returns [] when fewer than `minimumDays` distinct days
    /// have data. Each point is the mean of the data days within [day - (window - 1), day] and sits on a data
    /// day; points start at the 7th data day. Missing days are left out of the mean rather than counted as
    /// zero, because a day without a weighing is not a day weighing nothing. Several points for one day are
    /// first averaged into one.
    public static func trailing(_ daily: [TrendPoint], window: Int = 7) -> [TrendPoint] {
        guard window > 0 else { return [] }
        var byDay: [LocalDay: (sum: Double, count: Int)] = [:]
        for point in daily where point.value.isFinite {
            byDay[point.day, default: (0, 0)].sum += point.value
            byDay[point.day, default: (0, 0)].count += 1
        }
        guard byDay.count >= minimumDays else { return [] }

        let ordered = byDay.sorted { $0.key < $1.key }
        let days = ordered.map(\.key)
        let values = ordered.map { $0.value.sum / Double($0.value.count) }
        var result: [TrendPoint] = []
        result.reserveCapacity(days.count - minimumDays + 1)
        var first = 0
        for index in days.indices {
            let windowStart = days[index].adding(days: -(window - 1))
            while days[first] < windowStart { first += 1 }
            guard index >= minimumDays - 1 else { continue }
            // Summed afresh per point rather than as a running total, so long series do not drift.
            let slice = values[first...index]
            result.append(TrendPoint(day: days[index], value: slice.reduce(0, +) / Double(slice.count)))
        }
        return result
    }
}

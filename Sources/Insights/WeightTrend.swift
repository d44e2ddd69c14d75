import Foundation
import Health

/// The Hacker's Diet / TrendWeight trend line: an exponentially smoothed weight that moves a tenth of the way
/// towards each day's weight, so a salty dinner shows as 0.1 kg rather than 1 kg.
///
/// Follows TrendWeight's published method so the two agree to 0.01 kg on the same data: the first reading of
/// each day counts; the trend starts at the first weight; days without a reading get the weight linearly
/// interpolated between the readings around them before smoothing, so a week away moves the trend smoothly
/// instead of holding it still and then jumping.
public enum WeightTrend {
    public static let smoothingFactor = 0.1

    /// Days of history before the first day a caller shows that make the trend there what the whole history
    /// would give: a start this far back contributes (1 − α)^365 ≈ 2·10⁻¹⁷ of its difference. Ten years of
    /// daily weighings need not be read to draw one month.
    public static let settlingDays = 365

    /// The first reading of each local day in `timeZone`, by sample start: the morning weighing before
    /// breakfast is the comparable one, later weighings of the day are not.
    public static func firstReadings(_ samples: [TimedValue], timeZone: TimeZone) -> [TrendPoint] {
        var earliest: [LocalDay: TimedValue] = [:]
        for sample in samples where sample.value.isFinite {
            let day = LocalDay(sample.start, in: timeZone)
            if let kept = earliest[day], kept.start <= sample.start { continue }
            earliest[day] = sample
        }
        return earliest.sorted { $0.key < $1.key }.map { TrendPoint(day: $0.key, value: $0.value.value) }
    }

    /// One point per day from the first reading's day to the last's. `daily` holds at most one reading per
    /// day (see `firstReadings`); if it holds more, the first in the array wins.
    public static func smooth(_ daily: [TrendPoint]) -> [WeightTrendPoint] {
        var readings: [LocalDay: Double] = [:]
        for point in daily where point.value.isFinite && readings[point.day] == nil {
            readings[point.day] = point.value
        }
        let days = readings.keys.sorted()
        guard let firstDay = days.first, let lastDay = days.last else { return [] }

        var result: [WeightTrendPoint] = []
        result.reserveCapacity(firstDay.days(until: lastDay) + 1)
        var trend = readings[firstDay] ?? 0
        for (position, day) in days.enumerated() {
            let weight = readings[day] ?? 0
            if position > 0 {
                let previousDay = days[position - 1]
                let previousWeight = readings[previousDay] ?? 0
                let gap = previousDay.days(until: day)
                for step in 1..<gap {
                    let interpolated = previousWeight + (weight - previousWeight) * Double(step) / Double(gap)
                    trend += smoothingFactor * (interpolated - trend)
                    result.append(WeightTrendPoint(
                        day: previousDay.adding(days: step), reading: nil, weight: interpolated, trend: trend
                    ))
                }
                trend += smoothingFactor * (weight - trend)
            }
            result.append(WeightTrendPoint(day: day, reading: weight, weight: weight, trend: trend))
        }
        return result
    }
}

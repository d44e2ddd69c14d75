import Foundation
import Health

extension NightStages {
    /// The average night of each week or month that has nights, in order, dated on its first day within `period`
    /// (a week cut short by the period's start is dated on the period's first day): a year of sleep stages drawn as
    /// weeks, as the nightly totals above it are, instead of 365 stacks a pixel wide. A stage a night lacks counts
    /// as none that night, so the stacks still add up to the average night.
    public static func averaged(_ nights: [NightStages], by unit: CalendarUnit, within period: DayPeriod) -> [NightStages] {
        var buckets: [(first: LocalDay, nights: [NightStages])] = []
        for night in nights where period.contains(night.night) {
            let first = max(unit.period(containing: night.night).first, period.first)
            if buckets.last?.first == first {
                buckets[buckets.count - 1].nights.append(night)
            } else {
                buckets.append((first, [night]))
            }
        }
        return buckets.map { bucket in
            let count = Double(bucket.nights.count)
            let sums = bucket.nights.reduce(into: [SleepStage: Double]()) { sums, night in
                sums.merge(night.minutes, uniquingKeysWith: +)
            }
            return NightStages(night: bucket.first, minutes: sums.mapValues { $0 / count })
        }
    }
}

import Foundation
import Health

/// Adapts a suggestion to the season (R5): where a year of history exists, the coming month's level last year
/// against last year's average, bounded to ±20 % so one odd month cannot swing a goal.
public enum SeasonalFactor: Sendable {
    public static let bounds: ClosedRange<Double> = 0.8...1.2

    /// 1 when less than a year of history exists or last year's month has no data.
    public static func factor(dailyValues: [LocalDay: Double], today: LocalDay) -> Double {
        let yearAgo = today.adding(days: -365)
        guard let first = dailyValues.keys.min(), first <= yearAgo else { return 1 }
        let lastYear = dailyValues.filter { yearAgo <= $0.key && $0.key < today }.map(\.value)
        let sameMonth = dailyValues.filter { $0.key.year == today.year - 1 && $0.key.month == today.month }.map(\.value)
        guard !lastYear.isEmpty, !sameMonth.isEmpty else { return 1 }
        let average = lastYear.reduce(0, +) / Double(lastYear.count)
        guard average > 0 else { return 1 }
        let ratio = sameMonth.reduce(0, +) / Double(sameMonth.count) / average
        return min(max(ratio, bounds.lowerBound), bounds.upperBound)
    }
}

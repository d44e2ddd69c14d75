import Foundation
import Health

/// The trend's change over the last 7, 14 or 28 days, as TrendWeight shows it.
public struct WeightChange: Sendable, Equatable, Codable {
    public let days: Int
    /// Trend on the last reading's day minus the trend `days` earlier; negative is a loss.
    public let kilograms: Double
    /// Readings that back it, in the `days` ending on the last reading.
    public let readings: Int

    public init(days: Int, kilograms: Double, readings: Int) {
        self.days = days
        self.kilograms = kilograms
        self.readings = readings
    }

    /// Readings needed in the window before a change is shown (TrendWeight's numbers): with fewer, the
    /// change is mostly interpolation.
    public static let requiredReadings: [Int: Int] = [7: 4, 14: 9, 28: 19]
    /// The furthest back a change or the rate looks from today.
    public static let longestLookBackDays = max(requiredReadings.keys.max() ?? 0, WeightRate.windowDays)
    /// A change is hidden when the last reading is older than this: it describes a past the person has
    /// moved on from.
    public static let maximumStalenessDays = 2

    /// The changes over 7, 14 and 28 days that enough readings back, in that order.
    public static func changes(trend: [WeightTrendPoint], today: LocalDay) -> [WeightChange] {
        guard let lastReading = trend.last(where: { !$0.isInterpolated }),
              lastReading.day.days(until: today) <= maximumStalenessDays
        else { return [] }
        let byDay = Dictionary(trend.map { ($0.day, $0.trend) }, uniquingKeysWith: { first, _ in first })
        return requiredReadings.keys.sorted().compactMap { days in
            let window = DayPeriod(first: lastReading.day.adding(days: -(days - 1)), last: lastReading.day)
            let readings = trend.filter { !$0.isInterpolated && window.contains($0.day) }.count
            guard readings >= requiredReadings[days] ?? .max,
                  let before = byDay[lastReading.day.adding(days: -days)]
            else { return nil }
            return WeightChange(days: days, kilograms: lastReading.trend - before, readings: readings)
        }
    }
}

import Foundation
import Health

/// Everything the weight page shows: the trend, the lag-free rate, the forecast and the recent changes,
/// as known on `today` (time is a parameter; nothing here reads a clock).
public struct WeightAnalysis: Sendable, Equatable {
    public let trend: [WeightTrendPoint]
    public let rate: WeightRate?
    /// Nil when no target weight was given.
    public let forecast: WeightForecast?
    public let changes: [WeightChange]

    /// `daily` holds the first reading of each day (see `WeightTrend.firstReadings`); readings after `today`
    /// are ignored.
    public init(daily: [TrendPoint], today: LocalDay, target: Double? = nil) {
        let known = daily.filter { $0.day <= today }
        let trend = WeightTrend.smooth(known)
        let rate = WeightRate(daily: known)
        self.trend = trend
        self.rate = rate
        self.forecast = target.map { WeightForecast.forecast(rate: rate, target: $0) }
        self.changes = WeightChange.changes(trend: trend, today: today)
    }

    /// From raw weighings: the first of each local day in `timeZone` counts.
    public init(samples: [TimedValue], timeZone: TimeZone, today: LocalDay, target: Double? = nil) {
        self.init(daily: WeightTrend.firstReadings(samples, timeZone: timeZone), today: today, target: target)
    }

    /// The next-day change in trend, dated by the day it starts from: the value on day d is T(d+1) − T(d),
    /// kept only when d+1 has a real reading (an interpolated day's change is a guess). This, never the raw
    /// weight, is what correlations see: two drifting series always "correlate".
    public var nextDayTrendChange: [TrendPoint] {
        zip(trend, trend.dropFirst()).compactMap { today, tomorrow in
            tomorrow.isInterpolated ? nil : TrendPoint(day: today.day, value: tomorrow.trend - today.trend)
        }
    }
}

import Foundation
import Health

/// How fast weight is changing, without the smoothed trend's lag.
///
/// The α = 0.1 trend trails a steady loss by about nine days' worth of it (≈ 0.64 kg at 0.5 kg/week), and its
/// slope takes weeks to settle after a change of pace. The rate is therefore a least-squares line through the
/// actual readings of the last 28 days (not the trend, not interpolated days): a level-and-slope model with
/// no smoothing lag, unbiased for a steady change, and with a textbook standard error that the forecast
/// interval can be built on. Holt's double smoothing was the alternative; it needs two tuned constants and
/// its uncertainty has no closed form, while 28 days keeps the line recent enough to follow a change of plan.
///
/// Precision to expect: with day-to-day noise σ the slope's standard error over n daily readings is
/// σ·√(12 / (n(n² − 1))). For σ = 0.8 kg and 28 readings that is 0.13 kg/week — no unbiased estimate from
/// those readings can do better (Gauss–Markov) — and it reaches 0.05 kg/week only with about 56 readings.
/// That is why `standardErrorPerWeek` is published with the rate and carried into the forecast.
public struct WeightRate: Sendable, Equatable {
    public static let windowDays = 28
    /// Fewer readings give a slope too unsteady to show; eight is a fortnight of every-other-day weighing.
    public static let minimumReadings = 8

    /// The days the line was fitted over: the `windowDays` ending on the last reading.
    public let window: DayPeriod
    public let readings: Int
    /// Kilograms per week; negative is a loss.
    public let kilogramsPerWeek: Double
    public let standardErrorPerWeek: Double
    /// The line's value on the last reading's day: today's weight without the trend's lag.
    public let currentLevel: Double
    let fit: LinearFit

    /// Nil when the window holds fewer than `minimumReadings` readings.
    public init?(daily: [TrendPoint], windowDays: Int = WeightRate.windowDays) {
        let finite = daily.filter(\.value.isFinite)
        guard let last = finite.map(\.day).max() else { return nil }
        let window = DayPeriod(first: last.adding(days: -(windowDays - 1)), last: last)
        var byDay: [LocalDay: Double] = [:]
        for point in finite where window.contains(point.day) && byDay[point.day] == nil {
            byDay[point.day] = point.value
        }
        guard byDay.count >= Self.minimumReadings else { return nil }
        let ordered = byDay.sorted { $0.key < $1.key }
        let x = ordered.map { Double(window.first.days(until: $0.key)) }
        guard let fit = LinearFit(x: x, y: ordered.map(\.value)) else { return nil }
        self.window = window
        self.readings = ordered.count
        self.fit = fit
        self.kilogramsPerWeek = fit.slope * 7
        self.standardErrorPerWeek = fit.slopeStandardError * 7
        self.currentLevel = fit.value(at: Double(windowDays - 1))
    }

    public var kilogramsPerDay: Double {
        kilogramsPerWeek / 7
    }
}

import Foundation
import Health

/// When the weight line reaches a target, and how sure that is.
public enum WeightForecast: Sendable, Equatable {
    case expected(WeightForecastDate)
    /// The line points away from the target, or moves under `minimumKilogramsPerDay`: any date would be a
    /// guess, so none is given (trale's rule).
    case notApproaching
    /// Too few recent readings for a rate.
    case insufficientData

    /// 5 g a day, about 1.8 kg a year: slower than that is "holding steady", not "approaching".
    public static let minimumKilogramsPerDay = 0.005
    /// The interval's coverage: wide enough to be honest, narrow enough to plan with.
    public static let intervalProbability = 0.8

    /// Forecast from the rate's least-squares line.
    ///
    /// The interval is Fieller's: the days on which the target is within the line's 80 % confidence band,
    /// {t : |target − (a + b·t)| ≤ q·s·√(1/n + (t − t̄)²/Sxx)}, with q the t quantile on n − 2 degrees of
    /// freedom. It allows for the uncertain slope and level together, and for normal day-to-day noise it
    /// holds the true date in 80 % of cases by construction, which a "± 1.28 standard errors of the date"
    /// rule would not (the date is a ratio and skewed late). When the slope is itself not clearly away from
    /// zero the set has no late end and `latest` is nil ("could take much longer").
    public static func forecast(rate: WeightRate?, target: Double) -> WeightForecast {
        guard let rate else { return .insufficientData }
        let fit = rate.fit
        let slope = fit.slope
        let distance = target - rate.currentLevel
        guard abs(slope) >= minimumKilogramsPerDay, distance * slope > 0 else { return .notApproaching }

        let n = Double(fit.count)
        let q = StudentT(degreesOfFreedom: n - 2).quantile(1 - (1 - intervalProbability) / 2)
        let s = fit.residualStandardDeviation
        let y0 = target - fit.meanY
        let centre = y0 / slope
        // A·u² − 2·y0·b·u + C ≤ 0, with u = t − t̄.
        let a = slope * slope - q * q * s * s / fit.sumOfSquaresX
        let c = y0 * y0 - q * q * s * s / n
        let discriminant = max(0, y0 * y0 * slope * slope - a * c)
        var earliestOffset: Double?
        var latestOffset: Double?
        if a > 0 {
            let low = (y0 * slope - discriminant.squareRoot()) / a
            let high = (y0 * slope + discriminant.squareRoot()) / a
            earliestOffset = low
            latestOffset = high
        } else if a < 0 {
            // The set is everything outside the two roots; the centre lies in one of its two open arms.
            let r1 = (y0 * slope + discriminant.squareRoot()) / a
            let r2 = (y0 * slope - discriminant.squareRoot()) / a
            let (lower, upper) = (min(r1, r2), max(r1, r2))
            if centre >= upper { earliestOffset = upper } else { latestOffset = lower }
        }

        let lastDay = rate.window.last
        let lastX = Double(rate.window.dayCount - 1)
        func day(_ offset: Double, rounding: FloatingPointRoundingRule) -> LocalDay {
            let daysAhead = (fit.meanX + offset - lastX).rounded(rounding)
            return lastDay.adding(days: Int(max(0, min(daysAhead, 36_500))))
        }
        return .expected(WeightForecastDate(
            target: target,
            date: day(centre, rounding: .toNearestOrAwayFromZero),
            earliest: earliestOffset.map { day($0, rounding: .down) } ?? lastDay,
            latest: latestOffset.map { day($0, rounding: .up) }
        ))
    }
}

/// A forecast date with its 80 % interval.
public struct WeightForecastDate: Sendable, Equatable, Codable {
    public let target: Double
    /// Where the line meets the target.
    public let date: LocalDay
    /// The interval's early end, never before the last reading.
    public let earliest: LocalDay
    /// The interval's late end; nil when the data cannot rule out "much later".
    public let latest: LocalDay?

    public init(target: Double, date: LocalDay, earliest: LocalDay, latest: LocalDay?) {
        self.target = target
        self.date = date
        self.earliest = earliest
        self.latest = latest
    }
}

import Foundation

/// Axis ticks a reader can count on: steps of 1, 2, 2.5 or 5 × 10ⁿ that enclose the data.
public enum NiceScale {
    private static let mantissas: [Double] = [1, 2, 2.5, 5]

    /// Evenly spaced "nice" ticks whose first is at or below `min` and whose last is at or above `max`,
    /// using the smallest step that needs no more than `maxCount` ticks (at least two).
    ///
    /// Equal bounds are widened by 5% of the value, or by 1 when that is smaller, so a flat series
    /// still gets an axis instead of a zero-height domain. `minimumStep` keeps whole-number metrics
    /// (steps, counts) from being labelled 0.25, 0.5…; when it forces a coarse step the axis is
    /// extended upwards to keep at least three ticks. Non-finite bounds yield no ticks.
    public static func ticks(min: Double, max: Double, maxCount: Int, minimumStep: Double = 0) -> [Double] {
        guard min.isFinite, max.isFinite else { return [] }
        var lower = Swift.min(min, max)
        var upper = Swift.max(min, max)
        if upper - lower <= Swift.max(abs(lower), abs(upper)) * 1e-12 {
            let pad = Swift.max(abs(upper) * 0.05, 1)
            lower -= pad
            upper += pad
        }
        let count = Swift.max(2, maxCount)
        let rawStep = (upper - lower) / Double(count - 1)
        guard rawStep.isFinite, rawStep > 0 else { return [] }

        var exponent = Int(floor(log10(rawStep)))
        if minimumStep > 0, minimumStep.isFinite {
            exponent = Swift.max(exponent, Int(floor(log10(minimumStep))))
        }
        // The first candidate that fits always appears within two decades of the raw step.
        for candidateExponent in exponent...(exponent + 2) {
            for mantissa in mantissas {
                let step = Step(mantissa: mantissa, exponent: candidateExponent)
                guard step.value >= minimumStep * (1 - 1e-9) else { continue }
                // The tolerance keeps a bound that already sits on a tick (up to floating-point
                // noise) from adding a needless tick beyond it.
                let first = floor(lower / step.value + 1e-9)
                let last = ceil(upper / step.value - 1e-9)
                guard last - first + 1 <= Double(count) else { continue }
                let lastIndex = Swift.max(last, first + Double(Swift.min(3, count) - 1))
                return stride(from: first, through: lastIndex, by: 1).map(step.tick)
            }
        }
        return []
    }

    /// Decimal places needed to print every tick exactly (0 for whole-number steps).
    static func decimals(for ticks: [Double]) -> Int {
        guard ticks.count >= 2 else { return 0 }
        let step = abs(ticks[1] - ticks[0])
        for decimals in 0...6 {
            let scaled = step * pow(10, Double(decimals))
            if abs(scaled - scaled.rounded()) < 1e-6 * Swift.max(1, scaled) { return decimals }
        }
        return 6
    }

    /// A step held as an integer count of 10^-decimals units, so that ticks are computed as
    /// integer ÷ power-of-ten and print without 0.30000000000000004-style noise.
    private struct Step {
        let units: Double
        let scale: Double
        let value: Double

        init(mantissa: Double, exponent: Int) {
            let decimals = Swift.max(0, -exponent + (mantissa == 2.5 ? 1 : 0))
            scale = pow(10, Double(decimals))
            units = (mantissa * pow(10, Double(exponent + decimals))).rounded()
            value = units / scale
        }

        func tick(_ index: Double) -> Double {
            let tick = index * units / scale
            return tick == 0 ? 0 : tick
        }
    }
}

/// Maps values onto the plot's vertical extent, with the domain taken from nice ticks so that
/// grid lines land exactly at the domain ends.
struct YScale {
    let ticks: [Double]
    let lower: Double
    let upper: Double
    let plot: ChartRect
    let labelDecimals: Int

    /// `minimumStep` is one unit of the metric's display precision: a value shown with no
    /// decimals should not get an axis labelled 0.5.
    init(lower dataLower: Double, upper dataUpper: Double, plot: ChartRect, valueDecimals: Int) {
        let minimumStep = 1 / Self.pow10(Swift.max(0, Swift.min(valueDecimals, 6)))
        let ticks = NiceScale.ticks(min: dataLower, max: dataUpper, maxCount: 5, minimumStep: minimumStep)
        self.ticks = ticks
        self.plot = plot
        if let first = ticks.first, let last = ticks.last, last > first {
            lower = first
            upper = last
        } else {
            // Only values near the limits of Double get here; keep the mapping finite.
            lower = dataLower - 1
            upper = dataUpper + 1
        }
        labelDecimals = NiceScale.decimals(for: ticks)
    }

    func y(_ value: Double) -> Double {
        let fraction = upper > lower ? (value - lower) / (upper - lower) : 0.5
        return plot.maxY - fraction * plot.height
    }

    var axisTicks: [YAxisTick] {
        ticks.map { YAxisTick(value: $0, y: y($0), label: SVGNumber.grouped($0, decimals: labelDecimals)) }
    }

    private static func pow10(_ exponent: Int) -> Double {
        var result = 1.0
        for _ in 0..<exponent { result *= 10 }
        return result
    }
}

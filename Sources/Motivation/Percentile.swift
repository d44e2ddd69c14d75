import Foundation

/// Order statistics for suggestions: the median and percentiles of a handful of the user's own values.
enum Percentile {
    /// The p-th percentile (0...1) with linear interpolation between neighbouring ranks; nil for no values.
    static func of(_ values: [Double], _ p: Double) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let position = Double(sorted.count - 1) * min(max(p, 0), 1)
        let lower = Int(position.rounded(.down))
        let upper = min(lower + 1, sorted.count - 1)
        let fraction = position - Double(lower)
        return sorted[lower] + (sorted[upper] - sorted[lower]) * fraction
    }

    static func median(_ values: [Double]) -> Double? {
        of(values, 0.5)
    }
}

import Foundation

/// Ranks 1…n with tied values sharing the average of the ranks they span, as Spearman's ρ and the
/// Mann–Whitney test both require: daily step counts and 1–5 mood scores tie often.
enum Ranks {
    static func averaged(_ values: [Double]) -> [Double] {
        let order = values.indices.sorted { values[$0] < values[$1] }
        var ranks = [Double](repeating: 0, count: values.count)
        var start = 0
        while start < order.count {
            var end = start
            while end + 1 < order.count, values[order[end + 1]] == values[order[start]] { end += 1 }
            let shared = Double(start + end) / 2 + 1
            for position in start...end { ranks[order[position]] = shared }
            start = end + 1
        }
        return ranks
    }

    /// Σ(t³ − t) over groups of tied values: the tie correction of rank tests' variances.
    static func tieSum(_ values: [Double]) -> Double {
        var counts: [Double: Int] = [:]
        for value in values { counts[value, default: 0] += 1 }
        return counts.values.reduce(0.0) { sum, t in sum + Double(t * t * t - t) }
    }
}

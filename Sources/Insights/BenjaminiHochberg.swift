import Foundation

/// Benjamini–Hochberg q-values: testing dozens of pairs at p < 0.05 would "find" a few by chance every run;
/// keeping q < 0.05 keeps the expected share of false findings among those shown under 5 %.
public enum BenjaminiHochberg {
    /// q-values in the order of `pValues`: q₍ᵢ₎ = min over j ≥ i of p₍ⱼ₎·m/j, capped at 1.
    public static func qValues(_ pValues: [Double]) -> [Double] {
        let m = Double(pValues.count)
        let order = pValues.indices.sorted { pValues[$0] < pValues[$1] }
        var q = [Double](repeating: 1, count: pValues.count)
        var running = 1.0
        for (position, index) in order.enumerated().reversed() {
            running = min(running, pValues[index] * m / Double(position + 1))
            q[index] = min(1, running)
        }
        return q
    }
}

import Foundation

/// One unit a metric accepts and how it maps onto the metric's canonical unit.
/// The mapping is affine (`canonical = value * factor + offset`) because temperatures need the offset;
/// every other unit has offset 0.
public struct UnitConversion: Sendable, Hashable {
    public let symbol: String
    /// Other spellings clients send for the same unit ("lbs", "bpm", "℃", HealthKit's unit strings…).
    public let aliases: [String]
    public let factor: Double
    public let offset: Double

    public init(symbol: String, aliases: [String] = [], factor: Double = 1, offset: Double = 0) {
        precondition(factor > 0, "a unit must preserve order, or range checks would invert")
        self.symbol = symbol
        self.aliases = aliases
        self.factor = factor
        self.offset = offset
    }

    public func toCanonical(_ v: Double) -> Double {
        v * factor + offset
    }

    public func fromCanonical(_ v: Double) -> Double {
        (v - offset) / factor
    }

    /// Every spelling of this unit, the symbol first.
    public var names: [String] {
        [symbol] + aliases
    }

    /// Decimals worth showing for a value in this unit when the canonical unit shows `canonicalDecimals`:
    /// a unit 100 times larger (a fraction against %, hours against minutes) needs two more digits to say as much.
    func decimals(forCanonicalDecimals canonicalDecimals: Int) -> Int {
        let shift = Int(log10(factor).rounded())
        return min(max(canonicalDecimals + shift, 0), 6)
    }
}

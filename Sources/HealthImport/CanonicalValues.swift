import Foundation
import Health

/// Converts values to their metric's canonical unit with the catalog's conversions, looked up once per
/// (metric, unit spelling) rather than once per record: the lookup folds and compares strings, and an import
/// or a backfill converts hundreds of thousands of values in a handful of units.
public struct CanonicalValues: Sendable {
    private struct UnitKey: Hashable {
        let metric: String
        let unit: String?
    }

    /// nil when the catalog refuses the unit.
    private var conversions: [UnitKey: UnitConversion?] = [:]

    public init() {}

    /// The value in the metric's canonical unit, or nil when the unit is not one the catalog knows for it.
    /// Percent metrics go through the catalog's HealthKit rule (0–1 ratios labelled "%") every time.
    public mutating func canonical(_ value: Double, unit: String?, metric: Metric) -> Double? {
        if metric.canonicalUnit == "%" { return try? metric.canonicalValue(fromHealthKit: value, unit: unit) }
        let key = UnitKey(metric: metric.id, unit: unit)
        let conversion: UnitConversion?
        if let cached = conversions[key] {
            conversion = cached
        } else {
            if let unit, !unit.trimmingCharacters(in: .whitespaces).isEmpty {
                conversion = metric.unit(named: unit)
            } else {
                conversion = metric.canonical
            }
            conversions[key] = conversion
        }
        return conversion?.toCanonical(value)
    }
}

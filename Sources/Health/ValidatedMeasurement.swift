import Foundation

/// A measurement that passed manual-entry validation, ready to store: the canonical value for computing,
/// the original value and unit so the person sees back exactly what they typed.
public struct ValidatedMeasurement: Sendable, Equatable {
    public let metric: Metric
    public let canonicalValue: Double
    public let originalValue: Double
    /// The resolved unit's symbol ("lb" even when "lbs" was typed), so `metric.unit(named:)` always finds it again.
    public let originalUnit: String
    public let start: Date
    public let end: Date
    public let warnings: [ValidationWarning]

    public init(
        metric: Metric,
        canonicalValue: Double,
        originalValue: Double,
        originalUnit: String,
        start: Date,
        end: Date,
        warnings: [ValidationWarning]
    ) {
        self.metric = metric
        self.canonicalValue = canonicalValue
        self.originalValue = originalValue
        self.originalUnit = originalUnit
        self.start = start
        self.end = end
        self.warnings = warnings
    }
}

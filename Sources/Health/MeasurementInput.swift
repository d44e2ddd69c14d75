import Foundation

/// A measurement as a person or client typed it, before anything has been checked or converted.
public struct MeasurementInput: Sendable {
    /// Any name `MetricCatalog.metric(named:)` understands: id, alias or HealthKit identifier.
    public var metric: String
    public var value: Double
    /// nil (or blank) means the metric's canonical unit.
    public var unit: String?
    public var start: Date
    /// nil means an instantaneous reading: the end equals the start.
    public var end: Date?

    public init(metric: String, value: Double, unit: String? = nil, start: Date, end: Date? = nil) {
        self.metric = metric
        self.value = value
        self.unit = unit
        self.start = start
        self.end = end
    }
}

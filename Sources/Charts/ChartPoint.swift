import Foundation

/// One measurement to plot: an instant and its value in the metric's display unit.
public struct ChartPoint: Sendable, Equatable {
    public let date: Date
    public let value: Double

    public init(date: Date, value: Double) {
        self.date = date
        self.value = value
    }
}

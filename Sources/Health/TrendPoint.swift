import Foundation

/// One day's number on a trend line, in the metric's canonical unit.
public struct TrendPoint: Sendable, Equatable, Codable {
    public let day: LocalDay
    public let value: Double

    public init(day: LocalDay, value: Double) {
        self.day = day
        self.value = value
    }
}

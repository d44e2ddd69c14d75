import Foundation

/// One sample reduced to what aggregation needs: a canonical-unit value and the interval it covers.
public struct TimedValue: Sendable, Equatable {
    public let value: Double
    public let start: Date
    public let end: Date

    public init(value: Double, start: Date, end: Date) {
        self.value = value
        self.start = start
        self.end = end
    }
}

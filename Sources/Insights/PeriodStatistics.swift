import Foundation

/// Figures for one metric over one period: what the trend pages and the monthly report show.
public struct PeriodStatistics: Sendable, Equatable {
    public let count: Int
    public let mean: Double?
    public let median: Double?
    public let minimum: Double?
    public let maximum: Double?
    public let total: Double

    public init(values: [Double]) {
        let finite = values.filter(\.isFinite).sorted()
        count = finite.count
        total = finite.reduce(0, +)
        mean = finite.isEmpty ? nil : total / Double(finite.count)
        minimum = finite.first
        maximum = finite.last
        if finite.isEmpty {
            median = nil
        } else if finite.count % 2 == 1 {
            median = finite[finite.count / 2]
        } else {
            median = (finite[finite.count / 2 - 1] + finite[finite.count / 2]) / 2
        }
    }
}

import Foundation

/// Figures for one metric over one period: what the trend pages and the monthly report show.
///
/// Plain numbers over a list of daily values; `PeriodFigures` adds the period, coverage and the rule for
/// whether a total means anything.
public struct PeriodStatistics: Sendable, Equatable, Codable {
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
        median = Self.median(ofSorted: finite)
    }

    /// The middle value, or the mean of the middle two for an even count; nil for no values.
    static func median(ofSorted sorted: [Double]) -> Double? {
        guard !sorted.isEmpty else { return nil }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}

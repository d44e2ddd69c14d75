import Foundation

/// How a period's average day differs from another period's.
public struct PeriodChange: Sendable, Equatable, Codable {
    /// The period compared against.
    public let reference: DayPeriod
    public let referenceValue: Double
    public let currentValue: Double

    public init(reference: DayPeriod, referenceValue: Double, currentValue: Double) {
        self.reference = reference
        self.referenceValue = referenceValue
        self.currentValue = currentValue
    }

    public var difference: Double {
        currentValue - referenceValue
    }

    /// Percent change; nil when the reference is zero, where a percentage would be infinite.
    public var percent: Double? {
        referenceValue == 0 ? nil : difference / abs(referenceValue) * 100
    }

    /// A comparison needs data on a quarter of each period's days and on at least two: one stray reading
    /// should not stand in for "last month".
    public static func minimumDays(for period: DayPeriod) -> Int {
        max(2, Int((Double(period.dayCount) / 4).rounded(.up)))
    }

    /// Nil when either side has too few days with data.
    static func between(_ current: PeriodFigures, and reference: PeriodFigures) -> PeriodChange? {
        guard current.daysWithData >= minimumDays(for: current.period),
              reference.daysWithData >= minimumDays(for: reference.period),
              let currentValue = current.comparisonValue, let referenceValue = reference.comparisonValue
        else { return nil }
        return PeriodChange(reference: reference.period, referenceValue: referenceValue, currentValue: currentValue)
    }
}

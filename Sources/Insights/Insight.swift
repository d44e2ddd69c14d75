import Foundation
import Health

/// One finding about how two of a person's series go together, said in their units.
public struct Insight: Sendable, Equatable, Identifiable {
    public enum Method: String, Sendable, Codable {
        case spearman
        case mannWhitney
    }

    /// Stable across runs for the same question: "sleepAnalysis~stepCount@1", "sleptSevenHours~mood@0".
    public let id: String
    public let method: Method
    /// The leading series (or the factor's metric) and the one that follows `lag` days later.
    public let leadingMetricID: String
    public let followingMetricID: String
    public let lag: Int
    /// Paired days behind it.
    public let days: Int
    /// Spearman's ρ, or the rank-biserial correlation for a yes/no factor.
    public let strength: Double
    public let pValue: Double
    public let qValue: Double
    /// The following series' mean on the "high"/"yes" days and on the others, in its canonical unit.
    public let meanWhenHigh: Double
    public let meanOtherwise: Double
    public let kind: InsightKind
    public let confidence: InsightConfidence
    public let text: LocalizedText
}

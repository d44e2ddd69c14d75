import Foundation
import Health

/// A value that stands out enough to ask "is this right?".
public struct Anomaly: Sendable, Equatable, Codable {
    public enum Reason: Sendable, Equatable, Codable {
        /// |x − median₂₈| / (1.4826·MAD₂₈) reached the threshold; carries that robust z-score.
        case robustScore(Double)
        /// A weighing this many percent off where the trend before it was heading.
        case offWeightTrend(percent: Double)
    }

    public let metricID: String
    public let day: LocalDay
    public let value: Double
    /// The value the day was compared with: the 28-day median, or the reading the weight trend expected.
    public let expected: Double
    public let reason: Reason

    public init(metricID: String, day: LocalDay, value: Double, expected: Double, reason: Reason) {
        self.metricID = metricID
        self.day = day
        self.value = value
        self.expected = expected
        self.reason = reason
    }

    public var text: LocalizedText {
        let name = InsightMetric.name(metricID)
        let shown = InsightMetric.format(value, metricID: metricID)
        let usual = InsightMetric.format(expected, metricID: metricID)
        return LocalizedText(
            ja: "\(day)の\(name.ja)（\(shown.ja)）は普段（\(usual.ja)）から大きく外れています。正しい値か確認してください。",
            en: "Your \(name.en) on \(day) (\(shown.en)) \(InsightMetric.isPlural(metricID) ? "are" : "is") far from your usual \(usual.en). Is it right?"
        )
    }
}

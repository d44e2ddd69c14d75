import Foundation
import Health

/// One tested question before its q-value is known.
struct Candidate {
    let method: Insight.Method
    let leading: String
    let following: String
    let lag: Int
    let days: Int
    let strength: Double
    let pValue: Double
    /// Raw following values on the "high"/"yes" days and on the others.
    let high: [Double]
    let other: [Double]
    let condition: InsightCondition
    /// |ρ| ≥ 0.3 for correlations; factors have no strength bar beyond their q-value.
    let passesEffectBar: Bool

    func insight(qValue: Double, weightGoal: WeightGoal?) -> Insight {
        let meanHigh = high.reduce(0, +) / Double(high.count)
        let meanOther = other.reduce(0, +) / Double(other.count)
        return Insight(
            id: "\(leading)~\(following)@\(lag)",
            method: method,
            leadingMetricID: condition.metricID,
            followingMetricID: following,
            lag: lag,
            days: days,
            strength: strength,
            pValue: pValue,
            qValue: qValue,
            meanWhenHigh: meanHigh,
            meanOtherwise: meanOther,
            kind: kind(difference: meanHigh - meanOther, weightGoal: weightGoal),
            confidence: InsightConfidence.from(qValue: qValue, days: days),
            text: InsightSentence.make(
                condition: condition, following: following, lag: lag,
                highDays: high.count, otherDays: other.count, meanHigh: meanHigh, meanOther: meanOther
            )
        )
    }

    /// Positive when the better side of the leading series goes with the better side of the following one,
    /// warning when it goes with the worse side, neutral when either series has no better side (weight change
    /// without a goal, body temperature) or there is no difference.
    func kind(difference: Double, weightGoal: WeightGoal?) -> InsightKind {
        let leadingDirection = InsightMetric.preferredDirection(condition.metricID, weightGoal: weightGoal)
        let followingDirection = InsightMetric.preferredDirection(following, weightGoal: weightGoal)
        guard leadingDirection != .neither, followingDirection != .neither, difference != 0 else { return .neutral }
        let highSideIsBetter = leadingDirection == .higher
        let followingGetsBetter = (followingDirection == .higher) == (difference > 0)
        return highSideIsBetter == followingGetsBetter ? .positive : .warning
    }
}

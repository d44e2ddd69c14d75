import Foundation
import Health

/// What splits the paired days in two for an insight's sentence.
enum InsightCondition {
    case above(metricID: String, median: Double)
    case factor(BinaryFactor)

    var metricID: String {
        switch self {
        case .above(let id, _): id
        case .factor(let factor): factor.metricID
        }
    }
}

/// The sentence of an insight, in units, in Japanese and English: "On the day after days when you slept at
/// least 7 hours (20 days), your weight trend moved −0.08 kg; on other days +0.02 kg."
enum InsightSentence {
    static func make(
        condition: InsightCondition, following: String, lag: Int,
        highDays: Int, otherDays: Int, meanHigh: Double, meanOther: Double
    ) -> LocalizedText {
        // The weight trend change dated d is the change into d + 1, so it is one day later than its date.
        let effectiveLag = lag + (following == InsightMetric.weightTrendChange ? 1 : 0)
        let high = InsightMetric.format(meanHigh, metricID: following)
        let other = InsightMetric.format(meanOther, metricID: following)
        let name = InsightMetric.name(following)

        let conditionEnglish: String
        let conditionJapanese: String
        switch condition {
        case .above(let id, let median):
            let leadingName = InsightMetric.name(id)
            let threshold = InsightMetric.format(median, metricID: id)
            conditionEnglish = "your \(leadingName.en) \(InsightMetric.isPlural(id) ? "were" : "was") above \(threshold.en)"
            conditionJapanese = "\(leadingName.ja)が\(threshold.ja)を超えた日"
        case .factor(let factor):
            conditionEnglish = "you \(factor.description.en)"
            conditionJapanese = "\(factor.description.ja)日"
        }

        let timingEnglish: String
        let timingJapanese: String
        switch effectiveLag {
        case 0:
            timingEnglish = "On days when \(conditionEnglish) (\(highDays) days)"
            timingJapanese = "\(conditionJapanese)（\(highDays)日）は"
        case 1:
            timingEnglish = "On the day after days when \(conditionEnglish) (\(highDays) days)"
            timingJapanese = "\(conditionJapanese)の翌日（\(highDays)日）は"
        default:
            timingEnglish = "\(effectiveLag) days after days when \(conditionEnglish) (\(highDays) days)"
            timingJapanese = "\(conditionJapanese)の\(effectiveLag)日後（\(highDays)日）は"
        }

        if following == InsightMetric.weightTrendChange {
            return LocalizedText(
                ja: "\(timingJapanese)体重トレンドが\(high.ja)動き、それ以外（\(otherDays)日）は\(other.ja)でした。",
                en: "\(timingEnglish), your weight trend moved \(high.en); otherwise (\(otherDays) days) \(other.en)."
            )
        }
        return LocalizedText(
            ja: "\(timingJapanese)\(name.ja)の平均が\(high.ja)、それ以外（\(otherDays)日）は\(other.ja)でした。",
            en: "\(timingEnglish), your \(name.en) averaged \(high.en); otherwise (\(otherDays) days) \(other.en)."
        )
    }
}

import Foundation
import Health
import Insights
import Services

/// How the trends, insights and report pages write numbers: values with their unit as `InsightMetric`
/// says them (sleep in hours, steps as steps), changes signed, percentages with one decimal.
enum InsightsFormatting {
    static func value(_ value: Double?, metricID: String, language: Language) -> String? {
        value.map { InsightMetric.format($0, metricID: metricID).text(in: language) }
    }

    static func signed(_ difference: Double, metricID: String, language: Language) -> String {
        let magnitude = InsightMetric.format(abs(difference), metricID: metricID).text(in: language)
        if magnitude.allSatisfy({ $0 == "0" || $0 == "." || !$0.isNumber }) { return "±" + magnitude }
        return (difference > 0 ? "+" : difference < 0 ? "−" : "±") + magnitude
    }

    static func percent(_ value: Double) -> String {
        let text = String(format: "%.1f", abs(value))
        if text == "0.0" { return "±0.0 %" }
        return (value > 0 ? "+" : "−") + text + " %"
    }

    static func kilograms(_ value: Double, decimals: Int = 2, signed: Bool = false) -> String {
        let text = String(format: "%.\(decimals)f", abs(value))
        let zero = Double(text) == 0
        let sign = signed ? (zero ? "±" : value > 0 ? "+" : "−") : (value < 0 && !zero ? "−" : "")
        return sign + text + " kg"
    }

    /// A period comparison as a page row: "+512 steps (+7.1 %)", with the reference period.
    static func change(_ change: PeriodChange?, metricID: String, language: Language) -> [String: Any]? {
        guard let change else { return nil }
        var text = signed(change.difference, metricID: metricID, language: language)
        if let percent = change.percent { text += " (" + Self.percent(percent) + ")" }
        return [
            "text": text,
            "reference": "\(change.reference.first) – \(change.reference.last)",
            "referenceValue": value(change.referenceValue, metricID: metricID, language: language) ?? "",
        ]
    }

    /// The figures a metric page and the report show, as template rows.
    static func figures(_ statistics: MetricPeriodStatistics, language: Language, strings: [String: String]) -> [String: Any] {
        let figures = statistics.figures
        let id = figures.metricID
        var rows: [[String: String]] = []
        func add(_ key: String, _ text: String?) {
            if let text { rows.append(["label": strings[key] ?? key, "value": text]) }
        }
        add("inMean", value(figures.statistics.mean, metricID: id, language: language))
        add("inMedian", value(figures.statistics.median, metricID: id, language: language))
        add("inMin", value(figures.statistics.minimum, metricID: id, language: language))
        add("inMax", value(figures.statistics.maximum, metricID: id, language: language))
        add("inTotal", value(figures.total, metricID: id, language: language))
        add("inDaysWithData", "\(figures.daysWithData) / \(figures.period.dayCount)")
        add("inCoverage", String(format: "%.0f %%", figures.coveragePercent))
        var values: [String: Any] = ["rows": rows]
        values["vsPrevious"] = change(statistics.changeFromPrevious, metricID: id, language: language)
        values["vsYearEarlier"] = change(statistics.changeFromYearEarlier, metricID: id, language: language)
        return values
    }

    static func anomaly(_ anomaly: Anomaly, language: Language) -> [String: Any] {
        [
            "text": anomaly.text.text(in: language),
            "day": anomaly.day.description,
            "metric": anomaly.metricID,
            "href": "/records?metric=\(anomaly.metricID)",
            "trendHref": "/trends/\(anomaly.metricID)?period=month&date=\(anomaly.day)",
        ]
    }
}

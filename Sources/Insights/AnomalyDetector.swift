import Foundation
import Health

/// Flags values far from a person's own recent normal, imported history included.
///
/// A robust z-score, |x − median| / (1.4826·MAD) ≥ 3.5 over the previous 28 days: median and MAD are not
/// moved by the outliers they are looking for, as a mean and standard deviation would be; 1.4826 makes MAD
/// comparable to a standard deviation for normal data and 3.5 is the commonly used cut-off. A day needs 14 days
/// of history in its window — half of it — or there is no "normal" yet. When MAD is 0 (over half the days
/// identical, as with a manual mood score) the mean absolute deviation × 1.2533 stands in; when that is 0
/// too the history has no spread to measure against and nothing is flagged.
///
/// Only values that may be a mistake are asked about. A score a person gives (mood, energy) is what they felt, so
/// none is. A day's total (steps, active energy, sleep) is flagged only when it is far above normal — two devices
/// counted twice, a typed extra digit —, not when it is low: a lazy Sunday, a day in bed or a short night is a true
/// record, and asking "is it right?" about it only nags.
public enum AnomalyDetector {
    public static let windowDays = 28
    public static let minimumHistory = 14
    public static let threshold = 3.5
    /// A weighing more than 3 % off the trend is more likely a typo or another person on the scale.
    public static let weightTrendTolerancePercent = 3.0

    public static func robust(_ series: DailySeries) -> [Anomaly] {
        guard MetricCatalog.metric(named: series.metricID)?.isManualOnly != true else { return [] }
        let onlyHigh = series.aggregation != .discrete
        let points = series.points
        var anomalies: [Anomaly] = []
        var first = 0
        for (index, point) in points.enumerated() {
            let windowStart = point.day.adding(days: -windowDays)
            while first < index, points[first].day < windowStart { first += 1 }
            let history = points[first..<index].map(\.value)
            guard history.count >= minimumHistory, let score = robustScore(point.value, history: history),
                  onlyHigh ? score.z >= threshold : abs(score.z) >= threshold
            else { continue }
            anomalies.append(Anomaly(
                metricID: series.metricID, day: point.day, value: point.value, expected: score.median,
                reason: .robustScore(score.z)
            ))
        }
        return anomalies
    }

    /// Readings more than 3 % off where the trend of the days before them was heading (the reading itself
    /// would pull the trend). Measured against the trend's course, not its level: the level lags a steady
    /// loss by ten days' worth of it, which flagged every day of a fast steady loss (see
    /// `WeightTrend.expectedReading(after:)`).
    public static func offTrend(_ trend: [WeightTrendPoint], metricID: String = "bodyMass") -> [Anomaly] {
        trend.indices.dropFirst().compactMap { index in
            let point = trend[index]
            guard let reading = point.reading, let expected = WeightTrend.expectedReading(after: trend[..<index]),
                  expected > 0
            else { return nil }
            let percent = (reading - expected) / expected * 100
            guard abs(percent) > weightTrendTolerancePercent else { return nil }
            return Anomaly(
                metricID: metricID, day: point.day, value: reading, expected: expected,
                reason: .offWeightTrend(percent: percent)
            )
        }
    }

    static func robustScore(_ value: Double, history: [Double]) -> (z: Double, median: Double)? {
        guard let median = PeriodStatistics.median(ofSorted: history.sorted()) else { return nil }
        let deviations = history.map { abs($0 - median) }
        var scale = 1.4826 * (PeriodStatistics.median(ofSorted: deviations.sorted()) ?? 0)
        if scale == 0 {
            scale = 1.2533 * deviations.reduce(0, +) / Double(deviations.count)
        }
        guard scale > 0 else { return nil }
        return ((value - median) / scale, median)
    }
}

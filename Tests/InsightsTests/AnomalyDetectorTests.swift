import Foundation
import Health
import Insights
import Testing
import TestSupport

@Suite struct AnomalyDetectorTests {
    static let start = LocalDay(year: 2024, month: 2, day: 1)

    @Test func aPlantedOutlierInImportedHeartRateIsFlagged() throws {
        var generator = SeededGenerator(seed: 42)
        var points = (0..<60).map { TrendPoint(day: Self.start.adding(days: $0), value: 62 + 2 * generator.gaussian()) }
        points[45] = TrendPoint(day: Self.start.adding(days: 45), value: 95)
        let anomalies = AnomalyDetector.robust(DailySeries(metricID: "restingHeartRate", aggregation: .discrete, points: points))
        // The rule also catches the odd noisy day of a normal series (the MAD of 14–28 days is itself noisy);
        // the planted value must be among very few flags.
        #expect(anomalies.count <= 2)
        let anomaly = try #require(anomalies.first { $0.day == Self.start.adding(days: 45) })
        guard case .robustScore(let z) = anomaly.reason else {
            Issue.record("expected a robust score")
            return
        }
        #expect(z > 3.5)
        #expect(abs(anomaly.expected - 62) < 1.5)
        #expect(anomaly.text.en.contains("restingHeartRate") == false)
    }

    @Test func aDayNeedsFourteenDaysOfHistory() {
        let points = (0..<14).map { TrendPoint(day: Self.start.adding(days: $0), value: $0 == 13 ? 500 : 60 + Double($0 % 3)) }
        #expect(AnomalyDetector.robust(DailySeries(metricID: "heartRate", aggregation: .discrete, points: points)).isEmpty)
    }

    @Test func aZeroMADFallsBackToTheMeanAbsoluteDeviationAndNoSpreadFlagsNothing() {
        // 20 days of mood 3 with three 4s: MAD is 0, mean absolute deviation 3/20 → scale 0.188; a 1 is 10.6 away.
        var values = [Double](repeating: 3, count: 20)
        values[1] = 4
        values[5] = 4
        values[9] = 4
        let points = (values + [1]).enumerated().map { TrendPoint(day: Self.start.adding(days: $0.offset), value: $0.element) }
        let flagged = AnomalyDetector.robust(DailySeries(metricID: InsightMetric.mood, aggregation: .discrete, points: points))
        #expect(flagged.map(\.day) == [Self.start.adding(days: 20)])
        let flat = (0..<20).map { TrendPoint(day: Self.start.adding(days: $0), value: $0 == 19 ? 5 : 3) }
        #expect(AnomalyDetector.robust(DailySeries(metricID: InsightMetric.mood, aggregation: .discrete, points: flat)).isEmpty)
    }

    @Test func aWeighingMoreThanThreePercentOffTheTrendIsFlagged() {
        let daily = [80.0, 80.2, 79.9, 80.1, 83.0, 80.0].enumerated().map {
            TrendPoint(day: Self.start.adding(days: $0.offset), value: $0.element)
        }
        let anomalies = AnomalyDetector.offTrend(WeightTrend.smooth(daily))
        #expect(anomalies.map(\.day) == [Self.start.adding(days: 4)], "83.0 is 3.7 % above a trend of ≈ 80.0")
    }
}

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
        // 20 days of a respiratory rate of 15 breaths a minute with three 16s: MAD is 0, mean absolute deviation
        // 3/20 → scale 0.188; a 13 is 10.6 away.
        var values = [Double](repeating: 15, count: 20)
        values[1] = 16
        values[5] = 16
        values[9] = 16
        let points = (values + [13]).enumerated().map { TrendPoint(day: Self.start.adding(days: $0.offset), value: $0.element) }
        let flagged = AnomalyDetector.robust(DailySeries(metricID: "respiratoryRate", aggregation: .discrete, points: points))
        #expect(flagged.map(\.day) == [Self.start.adding(days: 20)])
        let flat = (0..<20).map { TrendPoint(day: Self.start.adding(days: $0), value: $0 == 19 ? 17 : 15) }
        #expect(AnomalyDetector.robust(DailySeries(metricID: "respiratoryRate", aggregation: .discrete, points: flat)).isEmpty)
    }

    /// The demo account's year asked "is it right?" about a mood of 1, a 2,693-step day and a 5.1-hour night.
    @Test func aScoreAPersonGaveIsNeverQuestionedAndATotalOnlyWhenItIsFarAboveNormal() {
        var generator = SeededGenerator(seed: 7)
        let moods = (0..<40).map { TrendPoint(day: Self.start.adding(days: $0), value: $0 == 35 ? 1 : (3 + (generator.gaussian() * 0.4).rounded()).clamped(1, 5)) }
        #expect(AnomalyDetector.robust(DailySeries(metricID: InsightMetric.mood, aggregation: .discrete, points: moods)).isEmpty)
        #expect(AnomalyDetector.robust(DailySeries(metricID: "energy", aggregation: .discrete, points: moods)).isEmpty)

        let steps = (0..<40).map { index -> TrendPoint in
            let value: Double = switch index {
            case 30: 2_693
            case 35: 48_000
            default: 9_500 + 600 * generator.gaussian()
            }
            return TrendPoint(day: Self.start.adding(days: index), value: value)
        }
        let flaggedSteps = AnomalyDetector.robust(DailySeries(metricID: "stepCount", aggregation: .cumulative, points: steps))
        #expect(flaggedSteps.map(\.day) == [Self.start.adding(days: 35)], "the 48,000-step day only")
        #expect(flaggedSteps.first?.text.en.contains("(48,000 steps) are far from your usual") == true, "\(flaggedSteps.first?.text.en ?? "")")

        let nights = (0..<40).map { TrendPoint(day: Self.start.adding(days: $0), value: $0 == 30 ? 306 : $0 == 35 ? 900 : 444 + 20 * generator.gaussian()) }
        let flaggedNights = AnomalyDetector.robust(DailySeries(metricID: "sleepAnalysis", aggregation: .duration, points: nights))
        #expect(flaggedNights.map(\.day) == [Self.start.adding(days: 35)], "the 15-hour night only")

        // Levels keep both sides: a resting heart rate far below normal may be a misreading too.
        let pulse = (0..<40).map { TrendPoint(day: Self.start.adding(days: $0), value: $0 == 30 ? 38 : 62 + 1.5 * generator.gaussian()) }
        #expect(AnomalyDetector.robust(DailySeries(metricID: "restingHeartRate", aggregation: .discrete, points: pulse)).map(\.day) == [Self.start.adding(days: 30)])
    }

    @Test func aWeighingMoreThanThreePercentOffTheTrendIsFlagged() {
        let daily = [80.0, 80.2, 79.9, 80.1, 83.0, 80.0].enumerated().map {
            TrendPoint(day: Self.start.adding(days: $0.offset), value: $0.element)
        }
        let anomalies = AnomalyDetector.offTrend(WeightTrend.smooth(daily))
        #expect(anomalies.map(\.day) == [Self.start.adding(days: 4)], "83.0 is 3.7 % above a trend of ≈ 80.0")
    }
}

private extension Double {
    func clamped(_ low: Double, _ high: Double) -> Double { Swift.min(Swift.max(self, low), high) }
}

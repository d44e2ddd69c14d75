import Foundation
import Health
import Insights
import Testing

@Suite struct AdviceRulesTests {
    static let today = LocalDay(year: 2024, month: 6, day: 30)

    static func daily(_ values: (Int) -> Double?, days: Int = 28) -> [TrendPoint] {
        (0..<days).compactMap { offset in
            values(offset).map { TrendPoint(day: today.adding(days: offset - days + 1), value: $0) }
        }
    }

    func ids(_ context: AdviceContext) -> [String] {
        AdviceRules.advise(context).map(\.id)
    }

    @Test func aFlatWeightForFourWeeksWithALossGoalSuggestsAReview() {
        let flat = WeightAnalysis(daily: Self.daily { 80 + ($0 % 2 == 0 ? 0.2 : -0.2) }, today: Self.today)
        #expect(ids(AdviceContext(today: Self.today, weight: flat, weightGoal: .lose)) == ["weightPlateau"])
        #expect(ids(AdviceContext(today: Self.today, weight: flat, weightGoal: .maintain)).isEmpty)
        let losing = WeightAnalysis(daily: Self.daily { 80 - 0.07 * Double($0) }, today: Self.today)
        #expect(ids(AdviceContext(today: Self.today, weight: losing, weightGoal: .lose)).isEmpty)
    }

    @Test func aLossFasterThanAKiloAWeekPointsAtTheRecommendedPace() {
        let fast = WeightAnalysis(daily: Self.daily { 90 - 0.2 * Double($0) }, today: Self.today)
        let advice = AdviceRules.advise(AdviceContext(today: Self.today, weight: fast, weightGoal: .lose))
        #expect(advice.map(\.id) == ["weightLossFast"])
        #expect(advice.first?.metricID == "bodyMass")
        #expect(advice.first?.text.ja.contains("0.5〜1kg") == true)
    }

    @Test func fewWeighingsSuggestWeighingMoreOften() {
        let sparse = WeightAnalysis(daily: Self.daily { $0 % 5 == 0 ? 80 : nil }, today: Self.today)
        let advice = AdviceRules.advise(AdviceContext(today: Self.today, weight: sparse))
        #expect(advice.map(\.id) == ["weighMoreOften"])
        #expect(advice.first?.text.en.hasPrefix("6 weighings") == true)
    }

    @Test func stepsOnUnderHalfTheDaysSuggestCarryingThePhone() {
        let thin = DailySeries(metricID: "stepCount", aggregation: .cumulative, points: Self.daily { $0 < 13 ? 6_000 : nil })
        let enough = DailySeries(metricID: "stepCount", aggregation: .cumulative, points: Self.daily { $0 < 14 ? 6_000 : nil })
        let advice = AdviceRules.advise(AdviceContext(today: Self.today, steps: thin))
        #expect(advice.map(\.id) == ["stepsCoverageLow"])
        #expect(advice.first?.metricID == "stepCount")
        #expect(ids(AdviceContext(today: Self.today, steps: enough)).isEmpty, "14 of 28 days is 50 %")
    }

    @Test func shortSleepIsNotedInHours() {
        let short = DailySeries(metricID: "sleepAnalysis", aggregation: .duration, points: Self.daily { _ in 390 })
        let advice = AdviceRules.advise(AdviceContext(today: Self.today, sleep: short))
        #expect(advice.map(\.id) == ["sleepShort"])
        #expect(advice.first?.text.en.contains("6.5 h") == true)
        #expect(advice.first?.text.ja.contains("6.5時間") == true)
        let fewNights = DailySeries(metricID: "sleepAnalysis", aggregation: .duration, points: Self.daily { $0 < 13 ? 390 : nil })
        #expect(ids(AdviceContext(today: Self.today, sleep: fewNights)).isEmpty)
        let enough = DailySeries(metricID: "sleepAnalysis", aggregation: .duration, points: Self.daily { _ in 430 })
        #expect(ids(AdviceContext(today: Self.today, sleep: enough)).isEmpty)
    }

    @Test func aRecentAnomalyAsksWhetherItIsRight() {
        let recent = Anomaly(metricID: "heartRate", day: Self.today.adding(days: -2), value: 150, expected: 70, reason: .robustScore(9))
        let old = Anomaly(metricID: "heartRate", day: Self.today.adding(days: -10), value: 150, expected: 70, reason: .robustScore(9))
        let advice = AdviceRules.advise(AdviceContext(today: Self.today, anomalies: [recent, old]))
        #expect(advice.map(\.id) == ["checkAnomaly"])
        #expect(advice.first?.metricID == "heartRate")
    }
}

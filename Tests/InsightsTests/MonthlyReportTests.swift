import Foundation
import Health
import Insights
import Testing
import TestSupport

@Suite struct MonthlyReportTests {
    @Test func theReportsFiguresEqualTheMetricPages() throws {
        var generator = SeededGenerator(seed: 11)
        let start = LocalDay(year: 2024, month: 1, day: 1)
        func series(_ id: String, _ aggregation: AggregationKind, mean: Double, spread: Double) -> DailySeries {
            let points = (0..<120).compactMap { offset -> TrendPoint? in
                let value = mean + spread * generator.gaussian()
                return offset % 6 == 5 ? nil : TrendPoint(day: start.adding(days: offset), value: value)
            }
            return DailySeries(metricID: id, aggregation: aggregation, points: points)
        }
        let steps = series("stepCount", .cumulative, mean: 8_000, spread: 2_000)
        let heart = series("restingHeartRate", .discrete, mean: 60, spread: 3)
        let weightDaily = (0..<120).map { TrendPoint(day: start.adding(days: $0), value: 80 - 0.05 * Double($0) + 0.5 * generator.gaussian()) }
        let weight = DailySeries(metricID: "bodyMass", aggregation: .discrete, points: weightDaily)

        let report = MonthlyReport(
            year: 2024, month: 3, series: [steps, heart, weight], weightDaily: weightDaily, target: 74, weightGoal: .lose
        )
        let march = DayPeriod.month(year: 2024, month: 3)
        for page in [steps, heart, weight] {
            let expected = MetricPeriodStatistics(series: page, period: march)
            #expect(report.statistics(for: page.metricID) == expected)
        }
        let stepsFigures = try #require(report.statistics(for: "stepCount"))
        #expect(stepsFigures.changeFromPrevious?.reference == DayPeriod.month(year: 2024, month: 2))
        #expect(stepsFigures.figures.total != nil)
        #expect(report.statistics(for: "restingHeartRate")?.figures.total == nil)
        // The weight section is the weight page as of 31 March.
        #expect(report.weight == WeightAnalysis(daily: weightDaily, today: march.last, target: 74))
        #expect(report.weight?.trend.last?.day == march.last)
        #expect(report.insights.count <= MonthlyReport.topInsightCount)
    }
}

@testable import Charts
import Foundation
import Testing

@Suite struct BarChartTests {
    private typealias F = ChartFixtures

    private func chart(_ bars: [ChartPoint], goal: Double? = nil) -> BarChart {
        BarChart(bars: bars, title: "歩数", emptyMessage: "No steps yet", unit: "steps", timeZone: F.tokyo, goal: goal)
    }

    @Test func barHeightsAreProportionalToValuesAndStandOnTheBaseline() {
        let geometry = chart(F.series([1_000, 2_000, 4_000])).geometry
        let heights = geometry.bars.map(\.height)
        #expect(heights[0] > 0)
        #expect(abs(heights[1] - 2 * heights[0]) < 1e-9)
        #expect(abs(heights[2] - 4 * heights[0]) < 1e-9)
        #expect(geometry.bars.allSatisfy { abs($0.y + $0.height - geometry.baselineY) < 1e-9 })
        #expect(geometry.baselineY == geometry.plot.maxY)
        #expect(geometry.yTicks.first?.value == 0)
        #expect(geometry.yTicks.last!.value >= 4_000)
        #expect(geometry.bars.allSatisfy { $0.y >= geometry.plot.y })
    }

    @Test func zeroAndNegativeValuesHaveNoHeightAndNeverGoBelowTheBaseline() {
        let geometry = chart(F.series([0, 3_000, -500])).geometry
        #expect(geometry.bars[0].height == 0)
        #expect(geometry.bars[0].y == geometry.baselineY)
        #expect(geometry.bars[2].height == 0)
        #expect(geometry.bars.allSatisfy { $0.y + $0.height <= geometry.baselineY + 1e-9 })

        let allZero = chart(F.series([0, 0, 0])).geometry
        #expect(allZero.bars.allSatisfy { $0.height == 0 && $0.y.isFinite })
        #expect(allZero.yTicks.count >= 3)
    }

    @Test func aMissingDayLeavesAGapAtItsSlot() {
        let bars = [0, 1, 3].map { ChartPoint(date: F.morning($0), value: 5_000) }
        let geometry = chart(bars).geometry
        #expect(geometry.dayCount == 4)
        #expect(geometry.bars.map(\.dayIndex) == [0, 1, 3])
        let slot = geometry.slotWidth
        #expect(abs(slot - geometry.plot.width / 4) < 1e-9)
        for bar in geometry.bars {
            // Centred in its own day's slot.
            #expect(abs(bar.x + bar.width / 2 - (geometry.plot.x + slot * (Double(bar.dayIndex) + 0.5))) < 1e-9)
        }
        #expect(abs((geometry.bars[2].x - geometry.bars[1].x) - 2 * slot) < 1e-9)
        #expect(geometry.xTicks.last?.label == "1/4")
    }

    @Test func unsortedBarsAreLaidOutByDay() {
        let sorted = F.series([100, 200, 300, 400])
        let geometry = chart([sorted[2], sorted[0], sorted[3], sorted[1]]).geometry
        #expect(geometry.bars.map(\.point) == sorted)
        #expect(zip(geometry.bars, geometry.bars.dropFirst()).allSatisfy { $0.x < $1.x })
    }

    @Test func barWidthFitsTheDayCountWithAOnePixelMinimum() {
        let month = chart(F.series(Array(repeating: 8_000, count: 30))).geometry
        #expect(month.bars.allSatisfy { $0.width > 1 && $0.width < month.slotWidth })
        #expect(month.bars.first!.x >= month.plot.x)
        #expect(month.bars.last!.x + month.bars.last!.width <= month.plot.maxX + 1e-9)

        let twoYears = chart(F.series(Array(repeating: 8_000, count: 730))).geometry
        #expect(twoYears.bars.allSatisfy { $0.width == 1 })
        #expect(twoYears.xTicks.count <= 6)
    }

    @Test func goalLineIsDrawnDashedAtTheGoalValue() throws {
        let barChart = chart(F.series([4_000, 6_000, 5_500]), goal: 8_000)
        let geometry = barChart.geometry
        let goalY = try #require(geometry.goalY)
        // The axis stretches to include a goal above every bar, so the line stays on the chart.
        #expect(geometry.valueRange.upperBound >= 8_000)
        #expect(goalY >= geometry.plot.y && goalY < geometry.bars.map(\.y).min()!)
        let range = geometry.valueRange
        let expected = geometry.plot.maxY - 8_000 / (range.upperBound - range.lowerBound) * geometry.plot.height
        #expect(abs(goalY - expected) < 1e-9)

        let markup = SVGMarkup(barChart.svg())
        let goalGroup = try #require(markup.all("g", class: "kc-goal").first)
        #expect(goalGroup.attributes["stroke"] != nil)
        let line = try #require(markup.all("line").first { $0.attributes["stroke-dasharray"] != nil })
        #expect(Double(line.attributes["y1"]!)! == (goalY * 100).rounded() / 100)
        #expect(line.attributes["y1"] == line.attributes["y2"])
        // The goal is the top of the axis here; its label stays inside the plot rather than above it.
        let label = try #require(markup.all("text").first { $0.text == "8,000 steps" })
        #expect(Double(label.attributes["y"]!)! - ChartStyle.standard.fontSize >= geometry.plot.y)
    }

    @Test func barsCarryADateValueTooltip() {
        let markup = SVGMarkup(chart([ChartPoint(date: F.morning(1), value: 8_123)]).svg())
        #expect(markup.all("rect", class: "kc-bar").count == 1)
        #expect(markup.all("title").map(\.text).contains("1/2 8,123 steps"), "grouped as the page around it")
    }

    /// Fourteen monthly averages: each bar spans its month (not one day's 1-px slot), the description counts months,
    /// and the axis names months with their year.
    @Test func monthlyBarsSpanTheirMonthsAndLabelsCarryTheYear() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = F.tokyo
        let months = (0..<14).map { calendar.date(byAdding: .month, value: $0 - 13, to: F.tokyoNewYear)!.addingTimeInterval(12 * 3600) }
        let chart = BarChart(
            bars: months.map { ChartPoint(date: $0, value: 8_000) }, title: "Steps", emptyMessage: "-", timeZone: F.tokyo,
            language: .en, bucket: .month
        )
        let geometry = chart.geometry
        #expect(geometry.bars.count == 14)
        #expect(geometry.bars.allSatisfy { $0.width > 10 }, "bars are \(geometry.bars.map(\.width))")
        let last = geometry.bars.last!
        #expect(last.x + last.width <= geometry.plot.maxX + 1e-9, "the latest month is drawn whole")
        #expect(geometry.xTicks.contains { $0.label == "2026/1" })
        #expect(geometry.xTicks.allSatisfy { $0.label.contains("/") && $0.label.hasPrefix("202") })
        let svg = chart.svg()
        #expect(svg.contains("14 months"))
        #expect(!svg.contains("14 days"))
    }

    /// A chart across New Year says which year its days belong to: the first label and the first of the new year.
    @Test func aChartAcrossNewYearNamesTheYears() {
        let days = (0..<60).map { ChartPoint(date: F.tokyoNewYear.addingTimeInterval(Double($0 - 30) * 86_400 + 12 * 3600), value: 5_000) }
        let ticks = chart(days).geometry.xTicks
        #expect(ticks.first?.label.hasPrefix("2025/") == true, "\(ticks.map(\.label))")
        #expect(ticks.contains { $0.label.hasPrefix("2026/") }, "\(ticks.map(\.label))")
        #expect(zip(ticks, ticks.dropFirst()).allSatisfy { $1.x - $0.x > 20 }, "labels do not overlap")
        let sameYear = chart(F.series([1, 2, 3])).geometry.xTicks
        #expect(sameYear.allSatisfy { $0.label.filter { $0 == "/" }.count == 1 }, "within one year, labels stay M/d")
    }
}

/// Axis labels and tooltips read as the page around them: thousands grouped; attributes programs read stay plain.
@Suite struct GroupedChartNumberTests {
    @Test(arguments: [(8_000.0, 0, "8,000"), (12_345.67, 1, "12,345.7"), (-1_500, 0, "-1,500"), (999, 0, "999"), (1_000_000, 0, "1,000,000")])
    func peopleReadGroupedNumbers(value: Double, decimals: Int, shown: String) {
        #expect(SVGNumber.grouped(value, decimals: decimals) == shown)
        #expect(SVGNumber.value(value, decimals: decimals) == shown.replacingOccurrences(of: ",", with: ""))
    }
}

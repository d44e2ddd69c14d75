import Charts
import Foundation
import Testing

@Suite struct LineChartTests {
    private typealias F = ChartFixtures

    private func chart(
        _ points: [ChartPoint],
        movingAverage: [ChartPoint] = [],
        timeZone: TimeZone = F.tokyo,
        legend: (series: String, movingAverage: String)? = nil,
        goal: Double? = nil,
        goalLabel: String? = nil
    ) -> LineChart {
        LineChart(
            points: points, movingAverage: movingAverage, title: "体重", emptyMessage: "No data", unit: "kg",
            timeZone: timeZone, legend: legend, goal: goal, goalLabel: goalLabel
        )
    }

    @Test func lowestValueSitsLowestAndHighestHighestWithinTheAxis() throws {
        let geometry = chart(F.series([61.2, 60.4, 62.8, 61.0])).geometry
        let plot = geometry.plot
        let lowest = try #require(geometry.points.min { $0.point.value < $1.point.value })
        let highest = try #require(geometry.points.max { $0.point.value < $1.point.value })

        #expect(geometry.points.allSatisfy { $0.y <= lowest.y && $0.y >= highest.y })
        // Both extremes are inside the plot, with some headroom rather than on its edges.
        #expect(lowest.y < plot.maxY && lowest.y > plot.y)
        #expect(highest.y > plot.y && highest.y < lowest.y)
        #expect(geometry.valueRange.lowerBound < 60.4 && geometry.valueRange.upperBound > 62.8)

        // The vertical position is the value's linear place in the axis domain.
        let range = geometry.valueRange
        for plotted in geometry.points {
            let expected = plot.maxY - (plotted.point.value - range.lowerBound) / (range.upperBound - range.lowerBound) * plot.height
            #expect(abs(plotted.y - expected) < 1e-9)
        }
    }

    @Test func unsortedInputIsDrawnLeftToRightInDateOrder() throws {
        let sorted = F.series([60, 61, 62, 63, 64, 65])
        let shuffled = [sorted[3], sorted[0], sorted[5], sorted[1], sorted[4], sorted[2]]
        let geometry = chart(shuffled).geometry

        #expect(geometry.points.map(\.point) == sorted)
        for (left, right) in zip(geometry.points, geometry.points.dropFirst()) {
            #expect(left.x < right.x)
        }
        #expect(geometry.points.first!.x > geometry.plot.x)
        #expect(geometry.points.last!.x < geometry.plot.maxX)
        // Evenly spaced days land evenly spaced on screen.
        let gaps = zip(geometry.points, geometry.points.dropFirst()).map { $1.x - $0.x }
        #expect(gaps.allSatisfy { abs($0 - gaps[0]) < 1e-9 })

        // The path visits the dots in the same order.
        let markup = SVGMarkup(chart(shuffled).svg())
        let path = try #require(markup.all("path", class: "kc-line").first?.attributes["d"])
        let xs = path.split(separator: " ").enumerated().filter { $0.offset % 2 == 0 }.map { Double($0.element.dropFirst())! }
        #expect(xs == xs.sorted())
        #expect(xs.count == 6)
    }

    @Test func movingAveragePathHasOneVertexPerAveragePoint() throws {
        let points = F.series([60, 62, 61, 63, 62, 64, 63, 65, 64, 66])
        let average = Array(F.series([60, 61, 61, 61.5, 61.6, 62.4, 62.6, 63.4, 63.6, 64.4]).dropFirst(2))
        let lineChart = chart(points, movingAverage: average, legend: (series: "Weight", movingAverage: "7-day average"))
        #expect(lineChart.geometry.movingAverage.count == average.count)

        let markup = SVGMarkup(lineChart.svg())
        let averagePaths = markup.all("path", class: "kc-ma")
        #expect(averagePaths.count == 1)
        let commands = try #require(averagePaths.first?.attributes["d"]).filter { $0 == "M" || $0 == "L" }
        #expect(commands.count == average.count)

        // Distinct from the series: its own colour and a heavier stroke.
        let series = try #require(markup.all("path", class: "kc-line").first)
        let averagePath = try #require(averagePaths.first)
        #expect(averagePath.attributes["stroke"] != series.attributes["stroke"])
        #expect(Double(averagePath.attributes["stroke-width"]!)! > Double(series.attributes["stroke-width"]!)!)

        let legendTexts = markup.elements.filter { $0.name == "text" }.map(\.text)
        #expect(legendTexts.contains("Weight"))
        #expect(legendTexts.contains("7-day average"))
    }

    /// Issue 15: on the 1-year chart the dots hid the moving average. With a year of weigh-ins the dots shrink and
    /// fade and the average is drawn over them; a month keeps full dots on top of the average.
    @Test func aYearOfDotsLeavesTheMovingAverageVisible() throws {
        let values = (0..<365).map { 65 + sin(Double($0) / 9) }
        let year = chart(F.series(values), movingAverage: Array(F.series(values).dropFirst(6)))
        let yearMarkup = SVGMarkup(year.svg())
        let yearAverage = try #require(yearMarkup.elements.firstIndex { $0.attributes["class"] == "kc-ma" })
        let yearDot = try #require(yearMarkup.elements.firstIndex { $0.name == "circle" })
        #expect(yearAverage > yearDot, "the average is drawn over a year of dots")
        let small = try #require(Double(yearMarkup.elements[yearDot].attributes["r"] ?? ""))

        let month = chart(F.series(Array(values.prefix(30))), movingAverage: Array(F.series(Array(values.prefix(30))).dropFirst(6)))
        let monthMarkup = SVGMarkup(month.svg())
        let monthAverage = try #require(monthMarkup.elements.firstIndex { $0.attributes["class"] == "kc-ma" })
        let monthDot = try #require(monthMarkup.elements.firstIndex { $0.name == "circle" })
        #expect(monthAverage < monthDot, "a month's measurements stay on top")
        let full = try #require(Double(monthMarkup.elements[monthDot].attributes["r"] ?? ""))
        #expect(small < full)
    }

    @Test func equalValuesGiveFiniteCoordinatesInsideThePlot() {
        let geometry = chart(F.series([72, 72, 72, 72])).geometry
        #expect(geometry.points.allSatisfy { $0.x.isFinite && $0.y.isFinite })
        let y = geometry.points[0].y
        #expect(geometry.points.allSatisfy { $0.y == y })
        #expect(y > geometry.plot.y && y < geometry.plot.maxY)
        #expect(geometry.yTicks.count >= 3)

        let single = chart([ChartPoint(date: F.morning(0), value: 0)]).geometry
        #expect(single.points[0].x == single.plot.midX)
        #expect(single.points[0].y.isFinite && single.points[0].y < single.plot.maxY)
    }

    @Test func yTicksAreNiceEvenlySpacedAndEncloseTheData() throws {
        let geometry = chart(F.series([60.2, 61.9, 62.7, 61.1])).geometry
        let ticks = geometry.yTicks
        #expect((3...5).contains(ticks.count))
        #expect(ticks.first!.value <= 60.2 && ticks.last!.value >= 62.7)
        #expect(ticks.first!.y == geometry.plot.maxY)
        #expect(ticks.last!.y == geometry.plot.y)
        #expect(ticks.map(\.label) == ticks.map { String(format: "%.0f", $0.value) })
        // Larger values are higher on screen.
        #expect(zip(ticks, ticks.dropFirst()).allSatisfy { $0.y > $1.y })
    }

    @Test func xLabelsAreFewAndUseTheLocalDay() throws {
        // 2026-01-01T15:30Z is 00:30 on January 2 in Tokyo.
        let justAfterMidnight = Date(timeIntervalSince1970: 1_767_281_400)
        #expect(chart([ChartPoint(date: justAfterMidnight, value: 60)]).geometry.xTicks.map(\.label) == ["1/2"])
        #expect(chart([ChartPoint(date: justAfterMidnight, value: 60)], timeZone: F.utc).geometry.xTicks.map(\.label) == ["1/1"])

        let quarter = (0..<90).map { ChartPoint(date: justAfterMidnight.addingTimeInterval(Double($0) * 86_400), value: 60 + Double($0 % 5)) }
        let ticks = chart(quarter).geometry.xTicks
        #expect((2...6).contains(ticks.count))
        let monthDay = #/^(1[0-2]|[1-9])/(3[01]|[12][0-9]|[1-9])$/#
        #expect(ticks.allSatisfy { $0.label.wholeMatch(of: monthDay) != nil })
        // The most recent day is always labelled, and labels never crowd each other.
        #expect(ticks.last?.label == "4/1")
        for (left, right) in zip(ticks, ticks.dropFirst()) {
            #expect(right.x - left.x >= 30)
        }

        // Each label sits under its own day's dot.
        let week = chart(F.series([1, 2, 3, 4, 5, 6, 7])).geometry
        #expect(week.xTicks.count <= 6)
        #expect(week.xTicks.last?.label == "1/7")
        for tick in week.xTicks {
            let day = Int(tick.label.split(separator: "/")[1])!
            #expect(tick.x == week.points[day - 1].x)
        }
    }

    @Test func gapLongerThanAWeekBreaksTheLine() {
        let days = [0, 1, 2, 12, 13]
        let points = days.map { ChartPoint(date: F.morning($0), value: 60 + Double($0) / 10) }
        let lineChart = chart(points)
        #expect(lineChart.geometry.segments.map(\.count) == [3, 2])
        #expect(SVGMarkup(lineChart.svg()).all("path", class: "kc-line").count == 2)
        // Every measurement still gets its dot.
        #expect(SVGMarkup(lineChart.svg()).all("circle").count == 5)

        let weekly = [0, 7, 14].map { ChartPoint(date: F.morning($0), value: 60) }
        #expect(chart(weekly).geometry.segments.count == 1)
    }

    @Test func dotsCarryADateValueTooltip() {
        let markup = SVGMarkup(chart([ChartPoint(date: Date(timeIntervalSince1970: 1_767_281_400), value: 72.46)]).svg())
        #expect(markup.all("circle").count == 1)
        #expect(markup.all("title").map(\.text).contains("1/2 72.5 kg"))
    }

    @Test func goalLineRunsThroughADotOfTheGoalValue() throws {
        let lineChart = chart(F.series([61.2, 60.4, 62.8, 61.0, 61.7]), goal: 61.0, goalLabel: "目標")
        let geometry = lineChart.geometry
        let goalY = try #require(geometry.goalY)
        // A weigh-in that hits the target sits exactly on the target line.
        #expect(abs(goalY - geometry.points[3].y) < 1e-9)
        #expect(geometry.points.filter { $0.point.value > 61.0 }.allSatisfy { $0.y < goalY })
        #expect(geometry.points.filter { $0.point.value < 61.0 }.allSatisfy { $0.y > goalY })

        let markup = SVGMarkup(lineChart.svg())
        #expect(markup.isWellFormed, "\(markup.problems)")
        let goalGroup = try #require(markup.all("g", class: "kc-goal").first)
        #expect(goalGroup.attributes["stroke"] != nil)
        let line = try #require(markup.all("line").first { $0.attributes["stroke-dasharray"] != nil })
        #expect(Double(line.attributes["y1"]!)! == (goalY * 100).rounded() / 100)
        #expect(line.attributes["y1"] == line.attributes["y2"])
        #expect(Double(line.attributes["x1"]!)! == geometry.plot.x && Double(line.attributes["x2"]!)! == geometry.plot.maxX)
        #expect(markup.all("text").map(\.text).contains("目標 61.0 kg"))
    }

    @Test func goalOutsideTheDataStretchesTheAxisToShowIt() throws {
        let weights = F.series([63.4, 62.9, 63.1, 62.6])
        let withoutGoal = chart(weights).geometry
        #expect(withoutGoal.valueRange.lowerBound > 58)

        // A target a few kilograms under every weigh-in, and one above, both stay on the chart.
        for goal in [58.0, 68.0] {
            let geometry = chart(weights, legend: (series: "体重", movingAverage: "7日平均"), goal: goal).geometry
            let goalY = try #require(geometry.goalY)
            #expect(geometry.valueRange.contains(goal))
            #expect(goalY > geometry.plot.y && goalY < geometry.plot.maxY)
            #expect(geometry.points.allSatisfy { $0.y > geometry.plot.y && $0.y < geometry.plot.maxY })
            let range = geometry.valueRange
            let expected = geometry.plot.maxY - (goal - range.lowerBound) / (range.upperBound - range.lowerBound) * geometry.plot.height
            #expect(abs(goalY - expected) < 1e-9)
            if goal < 63 {
                #expect(geometry.points.allSatisfy { $0.y < goalY })
            } else {
                #expect(geometry.points.allSatisfy { $0.y > goalY })
            }
        }

        // 69.5 lands just under the top grid line (70); there its label drops below the line
        // instead of running into the legend row above the plot.
        let high = chart(weights, legend: (series: "体重", movingAverage: "7日平均"), goal: 69.5)
        let goalY = try #require(high.geometry.goalY)
        #expect(goalY - high.geometry.plot.y < ChartStyle.standard.fontSize)
        let label = try #require(SVGMarkup(high.svg()).all("text").first { $0.text == "69.5 kg" })
        #expect(Double(label.attributes["y"]!)! - ChartStyle.standard.fontSize >= high.geometry.plot.y)
    }

    @Test func noUsableGoalDrawsNoGoalLine() {
        let weights = F.series([61.2, 60.4, 62.8])
        for lineChart in [chart(weights), chart(weights, goal: .nan), chart(weights, goal: .infinity)] {
            #expect(lineChart.geometry.goalY == nil)
            #expect(lineChart.geometry.valueRange == chart(weights).geometry.valueRange)
            let markup = SVGMarkup(lineChart.svg())
            #expect(markup.all("g", class: "kc-goal").isEmpty)
            #expect(!markup.elements.contains { $0.attributes["stroke-dasharray"] != nil })
        }
        // Without data there is nothing to compare the goal with: just the empty message.
        let empty = chart([], goal: 60)
        #expect(empty.geometry.goalY == nil)
        #expect(SVGMarkup(empty.svg()).all("g", class: "kc-goal").isEmpty)
    }
}

@Suite struct LineChartBandTests {
    private typealias F = ChartFixtures

    @Test func aMinMaxBandWidensTheAxisAndIsShadedBehindTheLine() throws {
        let points = F.series([62, 64, 63])
        let band = points.map { ChartBand(date: $0.date, low: $0.value - 10, high: $0.value + 30) }
        let chart = LineChart(points: points, band: band, title: "心拍数", emptyMessage: "No data", unit: "bpm", timeZone: F.tokyo)
        let geometry = chart.geometry
        #expect(geometry.valueRange.lowerBound <= 52 && geometry.valueRange.upperBound >= 94, "the band's ends are on the chart")
        #expect(geometry.bandSegments.count == 1)
        let first = try #require(geometry.bandSegments.first?.first)
        #expect(first.lowY > first.highY, "low is drawn below high")
        #expect(abs(first.x - geometry.points[0].x) < 1e-9, "a band day sits under its dot")
        let svg = chart.svg()
        let bandAt = try #require(svg.range(of: "class=\"kc-band\""))
        let lineAt = try #require(svg.range(of: "class=\"kc-line\""))
        #expect(bandAt.lowerBound < lineAt.lowerBound, "drawn first, so the line is on top")
    }

    @Test func withoutABandNothingChanges() {
        let points = F.series([62, 64, 63])
        let plain = LineChart(points: points, title: "t", emptyMessage: "e", timeZone: F.tokyo)
        #expect(plain.geometry.bandSegments.isEmpty)
        #expect(!plain.svg().contains("kc-band"))
    }
}

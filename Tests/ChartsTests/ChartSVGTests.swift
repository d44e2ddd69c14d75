import Charts
import Foundation
import Testing

/// What every chart's markup must guarantee, whatever its kind.
@Suite struct ChartSVGTests {
    private typealias F = ChartFixtures

    private static let weights = F.series([60.4, 61.2, 60.9, 62.0, 61.5])

    @Test func chartScalesToThePhoneAndIsOneLabelledImage() throws {
        let markup = SVGMarkup(LineChart(points: Self.weights, title: "Weight", emptyMessage: "-", unit: "kg", timeZone: F.tokyo).svg())
        #expect(markup.isWellFormed, "\(markup.problems)")
        let root = try #require(markup.elements.first)
        #expect(root.name == "svg")
        #expect(root.attributes["width"] == "100%")
        #expect(root.attributes["height"] == nil)
        #expect(root.attributes["viewBox"] == "0 0 360 200")
        #expect(root.attributes["preserveAspectRatio"] != nil)
        #expect(root.attributes["role"] == "img")

        let labelledBy = try #require(root.attributes["aria-labelledby"]).split(separator: " ").map(String.init)
        #expect(labelledBy.count == 2)
        let title = try #require(markup.elements.first { $0.attributes["id"] == labelledBy[0] })
        let desc = try #require(markup.elements.first { $0.attributes["id"] == labelledBy[1] })
        #expect(title.name == "title" && title.text == "Weight")
        #expect(desc.name == "desc")
        #expect(desc.text.contains("5 points"))
        #expect(desc.text.contains("min 60.4 kg"))
        #expect(desc.text.contains("max 62.0 kg"))
        #expect(desc.text.contains("latest 61.5 kg on 1/5"))
    }

    @Test func emptyChartsShowTheMessageCentredInValidMarkup() throws {
        let line = SVGMarkup(LineChart(points: [], title: "Weight", emptyMessage: "まだ記録がありません", timeZone: F.tokyo).svg())
        let bar = SVGMarkup(BarChart(bars: [], title: "Steps", emptyMessage: "No steps <yet>", timeZone: F.tokyo).svg())
        for (markup, message) in [(line, "まだ記録がありません"), (bar, "No steps <yet>")] {
            #expect(markup.isWellFormed, "\(markup.problems)")
            let text = try #require(markup.all("text", class: "kc-empty").first)
            #expect(text.text == message)
            #expect(text.attributes["x"] == "180")
            #expect(text.attributes["y"] == "100")
            #expect(text.attributes["text-anchor"] == "middle")
            #expect(markup.all("path").isEmpty && markup.all("rect").isEmpty && markup.all("circle").isEmpty)
            #expect(markup.elements.contains { $0.name == "title" })
        }
        // NaN is not data either.
        let nan = LineChart(points: [ChartPoint(date: F.morning(0), value: .nan)], title: "t", emptyMessage: "empty", timeZone: F.tokyo)
        #expect(nan.geometry.isEmpty)
        #expect(SVGMarkup(nan.svg()).all("text", class: "kc-empty").first?.text == "empty")
    }

    @Test func markupCharactersInTextAreEscaped() throws {
        let hostile = "Weight <&> \"quoted\" 'single'"
        let lineSVG = LineChart(points: Self.weights, title: hostile, emptyMessage: "-", unit: "<kg>", timeZone: F.tokyo, legend: (series: "a&b", movingAverage: "<ma>")).svg()
        let barSVG = BarChart(bars: Self.weights, title: hostile, emptyMessage: "-", unit: "&", timeZone: F.tokyo, goal: 61).svg()
        for svg in [lineSVG, barSVG] {
            #expect(svg.contains("Weight &lt;&amp;&gt; &quot;quoted&quot; &#39;single&#39;"))
            #expect(!svg.contains("<&>"))
            let markup = SVGMarkup(svg)
            #expect(markup.isWellFormed, "\(markup.problems)")
            #expect(markup.all("title").first?.text == hostile)
        }
        #expect(SVGMarkup(lineSVG).all("text").map(\.text).contains("a&b"))
        #expect(SVGMarkup(lineSVG).all("title").map(\.text).contains("1/1 60.4 <kg>"))
    }

    @Test func sameInputRendersTheSameBytes() {
        func line() -> String {
            LineChart(points: Self.weights, movingAverage: Array(Self.weights.dropFirst()), title: "Weight", emptyMessage: "-", timeZone: F.tokyo).svg()
        }
        func bar() -> String {
            BarChart(bars: Self.weights, title: "Weight", emptyMessage: "-", timeZone: F.tokyo, goal: 62).svg()
        }
        #expect(line() == line())
        #expect(bar() == bar())
        // Input order is not part of the chart.
        let reversed = LineChart(points: Self.weights.reversed(), movingAverage: Array(Self.weights.dropFirst()), title: "Weight", emptyMessage: "-", timeZone: F.tokyo).svg()
        #expect(reversed == line())
    }

    @Test func chartsOnOnePageGetDistinctIds() throws {
        let first = SVGMarkup(LineChart(points: Self.weights, title: "Weight", emptyMessage: "-", timeZone: F.tokyo).svg())
        let second = SVGMarkup(LineChart(points: Self.weights, title: "Body fat", emptyMessage: "-", timeZone: F.tokyo).svg())
        let firstIDs = Set(first.elements.compactMap { $0.attributes["id"] })
        let secondIDs = Set(second.elements.compactMap { $0.attributes["id"] })
        #expect(firstIDs.count == 2)
        #expect(firstIDs.isDisjoint(with: secondIDs))
    }

    @Test func numbersAreShortPlainDecimals() throws {
        // Tiny and large values are where "1e-05" and "123,456.79" would creep in.
        let tiny = (0..<10).map { ChartPoint(date: F.morning($0), value: 0.00001 * Double($0 + 1)) }
        let large = (0..<10).map { ChartPoint(date: F.morning($0 * 3), value: 123_456.789 + Double($0) * 1_000.123) }
        let svgs = [
            LineChart(points: tiny, title: "t", emptyMessage: "-", valueDecimals: 5, timeZone: F.tokyo).svg(),
            LineChart(points: large, movingAverage: large, title: "t", emptyMessage: "-", timeZone: F.tokyo).svg(),
            BarChart(bars: large, title: "t", emptyMessage: "-", timeZone: F.tokyo, goal: 150_000).svg(),
        ]
        let plainNumber = #/-?[0-9]+(\.[0-9]{1,2})?/#
        let geometric: Set<String> = ["x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "r", "width", "height", "stroke-width", "font-size"]
        for svg in svgs {
            let markup = SVGMarkup(svg)
            #expect(markup.isWellFormed, "\(markup.problems)")
            for element in markup.elements where element.name != "svg" {
                for (name, value) in element.attributes where geometric.contains(name) {
                    #expect(value.wholeMatch(of: plainNumber) != nil, "\(element.name) \(name)=\(value)")
                }
            }
            for path in markup.all("path") {
                let numbers = path.attributes["d"]!.split { $0 == " " || $0 == "M" || $0 == "L" }
                #expect(numbers.allSatisfy { $0.wholeMatch(of: plainNumber) != nil })
            }
            #expect(!svg.contains("e-0") && !svg.contains("e+"))
        }
    }
}

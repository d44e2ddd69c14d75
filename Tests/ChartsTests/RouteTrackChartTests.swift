import Foundation
import Testing
@testable import Charts

@Suite struct RouteTrackChartTests {
    /// A loop east then north around Tokyo Station: start in the south-west, finish in the north-east.
    static let latitudes = [35.680, 35.680, 35.685, 35.690]
    static let longitudes = [139.760, 139.770, 139.770, 139.775]

    static func chart(latitudes: [Double] = latitudes, longitudes: [Double] = longitudes) -> RouteTrackChart {
        RouteTrackChart(latitudes: latitudes, longitudes: longitudes, title: "ルート <run>", startLabel: "スタート", endLabel: "ゴール", emptyMessage: "なし")
    }

    @Test func theTrackIsOnePathWithStartAndFinishMarkedAndNorthUp() throws {
        let markup = SVGMarkup(Self.chart().svg())
        #expect(markup.isWellFormed, "\(markup.problems)")
        let path = try #require(markup.all("path", class: "kc-route-track").first)
        let points = path.attributes["d"]!.split(whereSeparator: { $0 == "M" || $0 == "L" }).map {
            $0.split(separator: " ").compactMap { Double($0) }
        }
        #expect(points.count == 4)
        #expect(points[0][0] < points[1][0], "east is right")
        #expect(points[3][1] < points[0][1], "north is up")
        for point in points { #expect((0...360).contains(point[0]) && (0...300).contains(point[1])) }
        let start = try #require(markup.all("circle", class: "kc-route-start").first)
        #expect(Double(start.attributes["cx"]!) == points[0][0])
        #expect(markup.all("rect", class: "kc-route-end").count == 1)
        // Each marker's <title>: shown on hover, read by screen readers.
        let titles = markup.all("title").map(\.text)
        #expect(titles.contains("スタート") && titles.contains("ゴール") && titles.contains("ルート <run>"))
        #expect(markup.all("svg").first?.attributes["width"] == "100%")
    }

    @Test func aLongRouteIsThinnedToTwoThousandPointsKeepingBothEnds() throws {
        let count = 50_000
        let latitudes = (0..<count).map { 35 + Double($0) * 1e-5 }
        let longitudes = (0..<count).map { 139 + sin(Double($0) / 1_000) * 0.01 }
        let indices = RouteTrackChart.drawnIndices(count: count)
        #expect(indices.count == 2_000 && indices.first == 0 && indices.last == count - 1)
        let markup = SVGMarkup(Self.chart(latitudes: latitudes, longitudes: longitudes).svg())
        let path = try #require(markup.all("path", class: "kc-route-track").first)
        #expect(path.attributes["d"]!.components(separatedBy: "L").count == 2_000)
    }

    @Test func noPointsShowsTheEmptyMessage() {
        let svg = Self.chart(latitudes: [], longitudes: []).svg()
        #expect(svg.contains("なし") && !svg.contains("<path"))
    }
}

import Foundation
import Testing
@testable import Charts

@Suite struct DotMapChartTests {
    static let places = [
        DotMapChart.Place(latitude: 34.70, longitude: 137.73, color: "#2e7d32", label: "浜松 20分", link: "/sawayaka/entetsu"),
        DotMapChart.Place(latitude: 35.30, longitude: 138.94, color: "#c62828", label: "御殿場 150分", link: "/sawayaka/gotemba-ic"),
        DotMapChart.Place(latitude: 34.97, longitude: 138.39, color: "#9e9e9e", label: "静岡 <closed>"),
    ]

    @Test func westIsLeftNorthIsUpAndEverythingStaysInside() {
        let chart = DotMapChart(places: Self.places, title: "地図", emptyMessage: "-")
        let hamamatsu = chart.position(of: Self.places[0]), gotemba = chart.position(of: Self.places[1]), shizuoka = chart.position(of: Self.places[2])
        #expect(hamamatsu.x < shizuoka.x && shizuoka.x < gotemba.x)
        #expect(gotemba.y < shizuoka.y && shizuoka.y < hamamatsu.y)
        for place in Self.places {
            let (x, y) = chart.position(of: place)
            #expect((0...360).contains(x) && (0...220).contains(y))
        }
    }

    @Test func dotsAreColouredLinkedAndLabelled() {
        let svg = DotMapChart(places: Self.places, title: "地図", emptyMessage: "-").svg()
        #expect(svg.components(separatedBy: "<circle").count - 1 == 3)
        #expect(svg.contains(#"<a href="/sawayaka/gotemba-ic">"#))
        #expect(svg.contains("<title>御殿場 150分</title>"))
        #expect(svg.contains("&lt;closed&gt;"))
        #expect(svg.components(separatedBy: "<a ").count - 1 == 2, "no link where none was given")
    }

    @Test func cityLabelsAreWrittenUnlessTheyWouldOverlapAnEarlierOne() {
        let labels = [
            DotMapChart.Label(latitude: 34.70, longitude: 137.73, text: "浜松市"),
            DotMapChart.Label(latitude: 34.71, longitude: 137.75, text: "磐田市"),
            DotMapChart.Label(latitude: 35.30, longitude: 138.94, text: "御殿場市"),
        ]
        let svg = DotMapChart(places: Self.places, labels: labels, title: "地図", emptyMessage: "-").svg()
        #expect(svg.contains(">浜松市</text>"))
        #expect(!svg.contains("磐田市"), "too close to 浜松市")
        #expect(svg.contains(">御殿場市</text>"))
    }

    @Test func emptySaysSo() {
        #expect(DotMapChart(places: [], title: "地図", emptyMessage: "位置情報がありません").svg().contains("位置情報がありません"))
    }
}

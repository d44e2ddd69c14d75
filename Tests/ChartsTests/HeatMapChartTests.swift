import Foundation
import Testing
@testable import Charts

@Suite struct HeatMapChartTests {
    static let bands = [
        HeatMapChart.Band(upTo: 30, color: "#2e7d32"),
        HeatMapChart.Band(upTo: 60, color: "#f9a825"),
        HeatMapChart.Band(upTo: .infinity, color: "#c62828"),
    ]

    static func chart(_ values: [[Double?]]) -> HeatMapChart {
        HeatMapChart(rowLabels: ["月", "火"], columnLabels: ["12", "13", "14"], values: values, bands: bands,
                     title: "曜日×時間の待ち時間", emptyMessage: "まだデータがありません", unit: "分")
    }

    @Test func oneCellPerValueColouredByBandWithTooltips() {
        let svg = Self.chart([[20, 45, nil], [61, 30, 31]]).svg()
        #expect(svg.components(separatedBy: "<rect").count - 1 == 6)
        #expect(svg.contains(##"fill="#2e7d32" data-value="20""##))
        #expect(svg.contains(##"fill="#c62828" data-value="61""##))
        #expect(svg.contains(##"fill="#f9a825" data-value="31""##))
        #expect(svg.contains(##"fill="#f3f4f6" data-value="""##), "a cell without data is pale")
        #expect(svg.contains("<title>月 13: 45分</title>"))
        #expect(svg.contains("<title>月 14: –</title>"))
        #expect(svg.contains(">火</text>"))
    }

    @Test func withoutDataItSaysSo() {
        let svg = Self.chart([[nil, nil, nil], [nil, nil, nil]]).svg()
        #expect(svg.contains("まだデータがありません"))
        #expect(!svg.contains("<rect"))
    }

    @Test func labelsAreEscaped() {
        let chart = HeatMapChart(rowLabels: ["<b>"], columnLabels: ["&"], values: [[1]], bands: Self.bands, title: "t", emptyMessage: "e", unit: "")
        #expect(chart.svg().contains("&lt;b&gt;"))
        #expect(!chart.svg().contains("<b>"))
    }
}

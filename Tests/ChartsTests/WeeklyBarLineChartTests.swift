import Foundation
import Testing
@testable import Charts

@Suite struct WeeklyBarLineChartTests {
    func chart(_ points: [WeeklyBarLinePoint], language: ChartLanguage = .en) -> String {
        WeeklyBarLineChart(
            points: points, title: "Weekly volume", emptyMessage: "No training yet", barUnit: "kg", lineUnit: "kg",
            legend: (bar: "Volume", line: "Body weight"), language: language
        ).svg()
    }

    @Test func barsForTrainedWeeksOnlyAndTheWeightLineOverThem() {
        let svg = chart([
            .init(label: "11/2", bar: 0, line: 70.2), .init(label: "11/9", bar: 3600, line: nil),
            .init(label: "11/16", bar: 0), .init(label: "11/23", bar: 5200, line: 69.8),
        ])
        #expect(svg.components(separatedBy: "class=\"kc-bar\"").count - 1 == 2, "empty weeks draw no bar")
        #expect(svg.contains("<title>11/23 5,200 kg</title>"))
        #expect(svg.components(separatedBy: "<circle").count - 1 == 2)
        #expect(svg.contains("<title>11/2 70.2 kg</title>"))
        #expect(svg.contains("class=\"kc-overlay\""))
        #expect(svg.contains("Body weight"))
        #expect(svg.contains("4 weeks to 11/23; highest 5,200 kg in the week of 11/23"))
    }

    @Test func withoutAnyDataItSaysSo() {
        let svg = chart([.init(label: "11/23", bar: 0)])
        #expect(svg.contains("No training yet"))
        #expect(!svg.contains("kc-bar\""))
    }

    @Test func fiftyTwoWeekLabelsAreThinnedToFitAPhone() {
        let points = (0..<52).map { WeeklyBarLinePoint(label: "12/\($0 % 28 + 1)", bar: Double($0 * 100)) }
        let svg = chart(points, language: .ja)
        let labels = svg.components(separatedBy: "kc-x-labels")[1].components(separatedBy: "</g>")[0]
        let count = labels.components(separatedBy: "<text").count - 1
        #expect(count > 3 && count < 20)
        #expect(svg.contains("52週間"))
    }
}

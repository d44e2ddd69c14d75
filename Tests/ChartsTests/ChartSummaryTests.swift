import Charts
import Foundation
import Testing

/// The `<desc>` a screen reader announces, in the language the user reads.
@Suite struct ChartSummaryTests {
    private typealias F = ChartFixtures

    private static let weights = F.series([60.4, 61.2, 60.9, 62.0, 61.5])

    private func desc(_ svg: String) throws -> String {
        try #require(SVGMarkup(svg).all("desc").first).text
    }

    /// Kana or kanji, or the Japanese punctuation the summary uses.
    private func hasJapanese(_ text: String) -> Bool {
        text.unicodeScalars.contains { (0x3000...0x30FF).contains($0.value) || (0x4E00...0x9FFF).contains($0.value) || (0xFF00...0xFFEF).contains($0.value) }
    }

    private func line(_ points: [ChartPoint], goal: Double? = nil, language: ChartLanguage) -> LineChart {
        LineChart(points: points, title: "Weight", emptyMessage: "-", unit: "kg", timeZone: F.tokyo, goal: goal, goalLabel: "目標", language: language)
    }

    @Test func lineSummaryReadsInTheChosenLanguage() throws {
        let japanese = try desc(line(Self.weights, language: .ja).svg())
        #expect(japanese == "1/1〜1/5 の 5 件。最小 60.4 kg、最大 62.0 kg、最新 61.5 kg（1/5）")
        #expect(hasJapanese(japanese))

        let english = try desc(line(Self.weights, language: .en).svg())
        #expect(english == "5 points from 1/1 to 1/5; min 60.4 kg, max 62.0 kg, latest 61.5 kg on 1/5")
        #expect(!hasJapanese(english))

        // English stays the default, so existing pages read as before.
        let unspecified = LineChart(points: Self.weights, title: "Weight", emptyMessage: "-", unit: "kg", timeZone: F.tokyo)
        #expect(try desc(unspecified.svg()) == english)
    }

    @Test func summaryAnnouncesTheGoal() throws {
        let japanese = try desc(line(Self.weights, goal: 58, language: .ja).svg())
        #expect(japanese.hasSuffix("。目標 58.0 kg"))

        // The English summary uses its own word, not the caller's Japanese label for the line.
        let english = try desc(line(Self.weights, goal: 58, language: .en).svg())
        #expect(english.hasSuffix("; goal 58.0 kg"))
        #expect(!hasJapanese(english))

        #expect(try !desc(line(Self.weights, goal: .nan, language: .ja).svg()).contains("目標"))
    }

    /// A line of one point a day (a day's mean of several weighings) counts days, so five weighings over four days
    /// do not read as "4 件".
    @Test func aLineOfDailyPointsCountsDays() throws {
        let daily = LineChart(points: Self.weights, title: "Weight", emptyMessage: "-", unit: "kg", timeZone: F.tokyo, language: .ja, pointsAreDays: true)
        #expect(try desc(daily.svg()) == "1/1〜1/5 の 5 日分。最小 60.4 kg、最大 62.0 kg、最新 61.5 kg（1/5）")
        let english = LineChart(points: Self.weights, title: "Weight", emptyMessage: "-", unit: "kg", timeZone: F.tokyo, language: .en, pointsAreDays: true)
        #expect(try desc(english.svg()).hasPrefix("5 days from 1/1 to 1/5"))
    }

    @Test func singleDaySummaryNamesTheDayOnce() throws {
        let one = [ChartPoint(date: F.morning(4), value: 61.5)]
        #expect(try desc(line(one, language: .ja).svg()) == "1/5 の 1 件。最小 61.5 kg、最大 61.5 kg、最新 61.5 kg（1/5）")
        #expect(try desc(line(one, language: .en).svg()) == "1 point on 1/5; min 61.5 kg, max 61.5 kg, latest 61.5 kg on 1/5")
    }

    @Test func barSummaryCountsDaysInTheChosenLanguage() throws {
        let steps = F.series([4_000, 6_000, 5_500])
        func bar(_ language: ChartLanguage) -> BarChart {
            BarChart(bars: steps, title: "Steps", emptyMessage: "-", unit: "steps", timeZone: F.tokyo, goal: 8_000, language: language)
        }
        let japanese = try desc(bar(.ja).svg())
        #expect(japanese == "1/1〜1/3 の 3 日分。最小 4,000 steps、最大 6,000 steps、最新 5,500 steps（1/3）。目標 8,000 steps")
        let english = try desc(bar(.en).svg())
        #expect(english == "3 days from 1/1 to 1/3; min 4,000 steps, max 6,000 steps, latest 5,500 steps on 1/3; goal 8,000 steps")
        #expect(!hasJapanese(english))
        // The language changes the words, not the picture.
        let withoutDesc = { (svg: String) in svg.replacingOccurrences(of: #"<desc[^>]*>[^<]*</desc>"#, with: "", options: .regularExpression) }
        #expect(withoutDesc(bar(.ja).svg()) == withoutDesc(bar(.en).svg()))
    }

    @Test func emptyChartDescribesItselfWithTheCallersMessage() throws {
        let empty = LineChart(points: [], title: "Weight", emptyMessage: "まだ記録がありません", timeZone: F.tokyo, language: .en)
        #expect(try desc(empty.svg()) == "まだ記録がありません")
    }

    @Test func sameInputRendersTheSameBytesInEitherLanguage() {
        for language in [ChartLanguage.ja, .en] {
            #expect(line(Self.weights, goal: 58, language: language).svg() == line(Self.weights, goal: 58, language: language).svg())
        }
    }
}

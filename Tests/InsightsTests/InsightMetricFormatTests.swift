import Health
import Insights
import Testing

/// How the trends, insights and report pages write a value with its unit in each language.
@Suite struct InsightMetricFormatTests {
    @Test func japaneseSpacesLatinUnitsButNotKanaOrKanji() {
        #expect(InsightMetric.format(650, metricID: "activeEnergyBurned").ja == "650 kcal")
        #expect(InsightMetric.format(70.2, metricID: "bodyMass").ja == "70.2 kg")
        #expect(InsightMetric.format(8000, metricID: "stepCount").ja == "8,000歩", "grouped as both languages write it")
        #expect(InsightMetric.format(150, metricID: "sleepAnalysis").ja == "2.5時間")
        #expect(InsightMetric.format(650, metricID: "activeEnergyBurned").en == "650 kcal")
        #expect(InsightMetric.format(8000, metricID: "stepCount").en == "8,000 steps")
    }
}

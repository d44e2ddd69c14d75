import Foundation
import Health
import Testing

/// Mood and energy: manual 1–5 scores, so that "activity vs mood" can be asked at all.
@Suite struct MoodEnergyMetricTests {
    private let now = Date(timeIntervalSince1970: 1_790_000_000)

    private func validate(_ metric: String, _ value: Double) throws(HealthError) -> ValidatedMeasurement {
        try MeasurementValidator.validate(MeasurementInput(metric: metric, value: value, start: now), now: now)
    }

    @Test func scoresFromOneToFiveAreAcceptedAndOthersRefusedInBothLanguages() throws {
        for id in ["mood", "energy"] {
            #expect(try validate(id, 1).canonicalValue == 1)
            #expect(try validate(id, 5).canonicalValue == 5)
            #expect(try validate(id, 3).warnings.isEmpty)
            for wrong in [0.0, 6, -1] {
                #expect(throws: HealthError.self) { try validate(id, wrong) }
            }
        }
        do {
            _ = try validate("mood", 6)
            Issue.record("6 was accepted")
        } catch {
            #expect(error.code == "out_of_range")
            #expect(error.message.ja.contains("気分"))
            #expect(error.message.en.contains("Mood"))
        }
    }

    @Test func theyAreFoundByTheirNamesAndAverageOverADay() {
        #expect(MetricCatalog.metric(named: "気分")?.id == "mood")
        #expect(MetricCatalog.metric(named: "mood_score")?.id == "mood")
        #expect(MetricCatalog.metric(named: "元気度")?.id == "energy")
        #expect(MetricCatalog.metric(named: "energy")?.id == "energy")
        #expect(MetricCatalog.metric(named: "active_energy")?.id == "activeEnergyBurned", "the old alias keeps its meaning")
        #expect(MetricCatalog.metric(named: "mood")?.aggregation == .discrete, "two entries in a day average, never add up")
        #expect(MetricCatalog.metric(named: "mood")?.isManualOnly == true)
        #expect(MetricCatalog.metric(named: "bodyMass")?.isManualOnly == false)
        #expect(MetricCatalog.metric(named: "mood")?.unitLabel(in: .ja) == "")
    }
}

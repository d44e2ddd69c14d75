import Foundation
import Health
import Insights
import Testing
import TestSupport

/// A steady loss used to flag every day once it was fast enough: the trend trails a steady change by ten days'
/// worth of it, so each reading sat that far off the trend before it (2.5 kg at 0.25 kg a day, over 3 % of
/// 80 kg). Measured against where the trend is heading, a steady course flags nothing and a slip on it still does.
@Suite struct SteadyLossAnomalyTests {
    static let start = LocalDay(year: 2024, month: 5, day: 1)

    static func line(from weight: Double, perDay change: Double, days: Int = 56, noise: Double = 0, seed: UInt64 = 7) -> [TrendPoint] {
        var generator = SeededGenerator(seed: seed)
        return (0..<days).map { TrendPoint(day: start.adding(days: $0), value: weight + change * Double($0) + noise * generator.gaussian()) }
    }

    @Test func aSteadyLossOrGainFlagsNothing() {
        let courses: [(String, [TrendPoint])] = [
            ("80 kg losing 0.1 kg a day", Self.line(from: 80, perDay: -0.1)),
            ("80 kg losing 0.25 kg a day", Self.line(from: 80, perDay: -0.25)),
            ("60 kg losing 0.2 kg a day, weighed with 0.3 kg of noise", Self.line(from: 60, perDay: -0.2, noise: 0.3)),
            ("50 kg losing 0.16 kg a day", Self.line(from: 50, perDay: -0.16)),
            ("70 kg gaining 0.25 kg a day", Self.line(from: 70, perDay: 0.25)),
        ]
        for (name, daily) in courses {
            let flagged = AnomalyDetector.offTrend(WeightTrend.smooth(daily))
            #expect(flagged.isEmpty, "\(name): \(flagged.map(\.day))")
        }
    }

    @Test func aSlipOnASteadyLossIsStillFlagged() throws {
        for slip in [2.4, -2.4] {
            var daily = Self.line(from: 60, perDay: -0.2)
            let day = Self.start.adding(days: 40)
            daily[40] = TrendPoint(day: day, value: daily[40].value + slip)
            let flagged = AnomalyDetector.offTrend(WeightTrend.smooth(daily))
            #expect(flagged.map(\.day) == [day], "a \(slip) kg slip is flagged, and only that day")
            let anomaly = try #require(flagged.first)
            #expect(abs(anomaly.expected - 52) < 0.05, "expected where the line is (52 kg), not the lagging trend")
        }
    }
}

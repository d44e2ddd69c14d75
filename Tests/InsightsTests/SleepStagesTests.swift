import Foundation
import Health
import Insights
import Testing

/// Nights by stage from the shapes sleep arrives in: Apple's per-stage segments, Health Auto Export's segments and
/// its nightly rows split into core, deep and REM (in hours), and old "asleep" records with no stage.
@Suite struct SleepStagesTests {
    let tokyo = TimeZone(identifier: "Asia/Tokyo")!

    func at(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    @Test func segmentsBeforeAndAfterMidnightBelongToTheMorningTheNightEnded() {
        let segments = [
            SleepSegment(start: at("2026-11-20T23:10:00+09:00"), minutes: 50, originalValue: 3_000, metadata: ["HKCategoryValue": "HKCategoryValueSleepAnalysisAsleepCore"]),
            SleepSegment(start: at("2026-11-21T00:00:00+09:00"), minutes: 40, originalValue: 2_400, metadata: ["HKCategoryValue": "HKCategoryValueSleepAnalysisAsleepDeep"]),
            SleepSegment(start: at("2026-11-21T03:30:00+09:00"), minutes: 25, originalValue: 1_500, metadata: ["HKCategoryValue": "HKCategoryValueSleepAnalysisAsleepREM"]),
            SleepSegment(start: at("2026-11-21T05:00:00+09:00"), minutes: 30, originalValue: 1_800, metadata: ["stage": "Core"]),
        ]
        let nights = NightStages.nights(segments, timeZone: tokyo)
        #expect(nights.count == 1)
        #expect(nights.first?.night == LocalDay("2026-11-21"))
        #expect(nights.first?.minutes == [.core: 80, .deep: 40, .rem: 25])
        #expect(nights.first?.total == 145)
    }

    /// The same rule as the daily totals: from 18:00 a segment is the next day's, before 18:00 (a nap) its own day's.
    @Test func aNapIsItsOwnDaysAndSleepFromSixInTheEveningTheNextDays() {
        let core = ["HKCategoryValue": "HKCategoryValueSleepAnalysisAsleepCore"]
        let segments = [
            SleepSegment(start: at("2026-11-21T06:00:00+09:00"), minutes: 30, originalValue: 1_800, metadata: core),
            SleepSegment(start: at("2026-11-21T15:00:00+09:00"), minutes: 20, originalValue: 1_200, metadata: core),
            SleepSegment(start: at("2026-11-21T17:59:00+09:00"), minutes: 1, originalValue: 60, metadata: core),
            SleepSegment(start: at("2026-11-21T18:00:00+09:00"), minutes: 45, originalValue: 2_700, metadata: core),
        ]
        let nights = NightStages.nights(segments, timeZone: tokyo)
        #expect(nights.map(\.night) == [LocalDay("2026-11-21")!, LocalDay("2026-11-22")!])
        #expect(nights.map(\.total) == [51, 45])
    }

    /// The stages chart and the daily totals name the same days with the same minutes for nights of stage segments,
    /// here around New York's change to summer time.
    @Test func nightsAreTheDaysAndMinutesOfTheDailyTotals() throws {
        let newYork = try #require(TimeZone(identifier: "America/New_York"))
        var segments: [SleepSegment] = []
        for night in 0..<6 {
            var start = at("2026-03-05T22:40:00-05:00").addingTimeInterval(Double(night) * 86_400 + Double(night * 17 * 60))
            for (index, minutes) in [35.0, 50, 95, 40, 120, 60].enumerated() {
                let stage = ["Core", "Deep", "REM"][index % 3]
                segments.append(SleepSegment(start: start, minutes: minutes, originalValue: minutes, metadata: ["stage": stage]))
                start.addTimeInterval(minutes * 60)
            }
        }
        let sleep = try #require(MetricCatalog.metric(named: "sleepAnalysis"))
        let values = segments.map { TimedValue(value: $0.minutes, start: $0.start, end: $0.start.addingTimeInterval($0.minutes * 60)) }
        let daily = DailyAggregator.summaries(metric: sleep, values: values, timeZone: newYork)
        let nights = NightStages.nights(segments, timeZone: newYork)
        #expect(nights.map(\.night) == daily.map(\.day))
        #expect(nights.map(\.total) == daily.map(\.value))
        #expect(daily.allSatisfy { $0.value == 400 }, "each night whole on one day")
    }

    @Test func aNightlyRowIsSplitByItsStagesInItsOwnUnitAndTheRestHasNoStage() {
        // 7.5 h asleep (450 min) with core 4, deep 1.5, rem 1.5 hours: 0.5 h of it named no stage.
        let row = SleepSegment(start: at("2026-11-21T00:00:00+09:00"), minutes: 450, originalValue: 7.5,
                               metadata: ["core": "4", "deep": "1.5", "rem": "1.5", "awake": "0.3", "totalSleep": "7.5"])
        #expect(row.stages == [.core: 240, .deep: 90, .rem: 90, .unspecified: 30])
        let old = SleepSegment(start: at("2026-11-21T00:00:00+09:00"), minutes: 420, originalValue: 7, metadata: [:])
        #expect(old.stages == [.unspecified: 420], "an old record with no stage")
        let broken = SleepSegment(start: at("2026-11-21T00:00:00+09:00"), minutes: 60, originalValue: 1, metadata: ["core": "5"])
        #expect(broken.stages == [.unspecified: 60], "stages longer than the night are not believed")
    }
}

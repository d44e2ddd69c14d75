import Foundation
import Health
import Insights
import Testing

/// Nights by stage from the shapes sleep arrives in: Apple's per-stage segments, Health Auto Export's segments and
/// its nightly rows split into core, deep and REM (in hours), and old "asleep" records with no stage.
@Suite struct SleepStagesTests {
    let tokyo = TimeZone(identifier: "Asia/Tokyo")!

    func at(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    @Test func segmentsAfterMidnightBelongToTheNightThatBeganTheEveningBefore() {
        let segments = [
            SleepSegment(start: at("2026-11-20T23:10:00+09:00"), minutes: 50, originalValue: 3_000, metadata: ["HKCategoryValue": "HKCategoryValueSleepAnalysisAsleepCore"]),
            SleepSegment(start: at("2026-11-21T00:00:00+09:00"), minutes: 40, originalValue: 2_400, metadata: ["HKCategoryValue": "HKCategoryValueSleepAnalysisAsleepDeep"]),
            SleepSegment(start: at("2026-11-21T03:30:00+09:00"), minutes: 25, originalValue: 1_500, metadata: ["HKCategoryValue": "HKCategoryValueSleepAnalysisAsleepREM"]),
            SleepSegment(start: at("2026-11-21T05:00:00+09:00"), minutes: 30, originalValue: 1_800, metadata: ["stage": "Core"]),
        ]
        let nights = NightStages.nights(segments, timeZone: tokyo)
        #expect(nights.count == 1)
        #expect(nights.first?.night == LocalDay("2026-11-20"))
        #expect(nights.first?.minutes == [.core: 80, .deep: 40, .rem: 25])
        #expect(nights.first?.total == 145)
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

import Foundation
import Health
import Motivation
import Testing

@Suite struct RecordDaysTests {
    @Test func aWalkAfterMidnightInTokyoBelongsToTheTokyoDay() {
        // 15:30 UTC on 1 January is 00:30 on 2 January in Tokyo.
        let days = RecordDays.days(of: [Fixture.instant("2026-01-01T15:30:00Z")], in: Fixture.tokyo)
        #expect(days == [LocalDay(year: 2026, month: 1, day: 2)])
    }

    @Test func dayBoundariesFollowDaylightSavingInNewYork() {
        // 8 March 2026 clocks spring forward at 02:00; midnight is EST before and EDT after.
        let instants = [
            Fixture.instant("2026-03-08T04:59:00Z"), // 23:59 EST on 7 March
            Fixture.instant("2026-03-08T05:00:00Z"), // 00:00 EST on 8 March
            Fixture.instant("2026-03-09T03:59:00Z"), // 23:59 EDT on 8 March
            Fixture.instant("2026-03-09T04:00:00Z"), // 00:00 EDT on 9 March
        ]
        let days = instants.map { RecordDays.days(of: [$0], in: Fixture.newYork).first?.description }
        #expect(days == ["2026-03-07", "2026-03-08", "2026-03-08", "2026-03-09"])
    }

    @Test func aStreakAcrossTheDaylightSavingNightIsUnbroken() {
        let instants = (0..<5).map { Fixture.instant("2026-03-0\(5 + $0)T23:30:00Z") }
        let days = RecordDays.days(of: instants, in: Fixture.newYork)
        let today = RecordDays.today(at: Fixture.instant("2026-03-10T14:00:00Z"), in: Fixture.newYork)
        let summary = StreakCalculator().summary(dataDays: days, today: today)
        #expect(days.count == 5)
        #expect(summary.current == 5)
    }
}

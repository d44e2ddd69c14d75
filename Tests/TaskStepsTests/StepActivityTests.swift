import Foundation
import Health
import Testing
@testable import TaskSteps

@Suite struct StepActivityTests {
    @Test func completionsCountOnTheLocalDayOfTheUsersZone() {
        // 00:30 in Tokyo on the 22nd is still the 21st in UTC.
        let late = Fixtures.instant("2026-11-22 00:30")
        let tokyo = StepActivity(completions: [late], timeZone: Fixtures.tokyo)
        let utc = StepActivity(completions: [late], timeZone: TimeZone(identifier: "UTC")!)
        #expect(tokyo.count(on: LocalDay(year: 2026, month: 11, day: 22)) == 1)
        #expect(utc.count(on: LocalDay(year: 2026, month: 11, day: 21)) == 1)
    }

    @Test func theCurrentStreakSurvivesUntilTheDayIsOver() {
        let completions = ["2026-11-19 09:00", "2026-11-20 23:59", "2026-11-21 00:01", "2026-11-21 12:00"].map { Fixtures.instant($0) }
        let activity = StepActivity(completions: completions, timeZone: Fixtures.tokyo)
        // Nothing yet on the 22nd: the streak of 19–21 still counts.
        #expect(activity.currentStreak(today: LocalDay(year: 2026, month: 11, day: 22)) == 3)
        // A day with nothing in between breaks it.
        #expect(activity.currentStreak(today: LocalDay(year: 2026, month: 11, day: 23)) == 0)
    }

    @Test func streaksFollowTheUsersZoneAcrossMidnight() {
        // In New York these fall on 11-20 and 11-21 local time; in Tokyo both are on 11-21.
        let completions = [Fixtures.instant("2026-11-20 23:30", in: Fixtures.newYork), Fixtures.instant("2026-11-21 08:00", in: Fixtures.newYork)]
        let newYork = StepActivity(completions: completions, timeZone: Fixtures.newYork)
        let tokyo = StepActivity(completions: completions, timeZone: Fixtures.tokyo)
        #expect(newYork.longestStreak == 2)
        #expect(tokyo.longestStreak == 1)
        #expect(tokyo.count(on: LocalDay(year: 2026, month: 11, day: 21)) == 2)
    }

    @Test func theLongestStreakIsTheLongestRun() {
        let days = ["2026-01-01", "2026-01-02", "2026-01-05", "2026-01-06", "2026-01-07", "2026-01-09"]
        let activity = StepActivity(completions: days.map { Fixtures.instant($0 + " 12:00") }, timeZone: Fixtures.tokyo)
        #expect(activity.longestStreak == 3)
        #expect(StepActivity(completions: [], timeZone: Fixtures.tokyo).longestStreak == 0)
    }

    @Test func weeksStartOnMondayAndEmptyWeeksAreZero() {
        let completions = ["2026-11-16 10:00", "2026-11-22 22:00", "2026-11-23 07:00"].map { Fixtures.instant($0) }
        let activity = StepActivity(completions: completions, timeZone: Fixtures.tokyo)
        let weeks = activity.perWeek(from: LocalDay(year: 2026, month: 11, day: 9), to: LocalDay(year: 2026, month: 11, day: 23))
        #expect(weeks.map(\.weekStart.description) == ["2026-11-09", "2026-11-16", "2026-11-23"])
        #expect(weeks.map(\.count) == [0, 2, 1])
    }
}

import Foundation
import Health
import Motivation
import Testing

@Suite struct StreakCalculatorTests {
    private let calculator = StreakCalculator()

    /// The pattern's last day is today; with `todayOpen` today is the day after, not yet recorded.
    private func summary(_ pattern: String, pauses: [PauseRange] = [], freezes: Int = 0, todayOpen: Bool = false) -> StreakSummary {
        StreakCalculator(pauses: pauses, freezesAtStart: freezes)
            .summary(dataDays: Fixture.days(pattern), today: Fixture.d(pattern.count + (todayOpen ? 1 : 0)))
    }

    @Test func aWeekOfRecordsIsASevenDayStreak() {
        let result = summary("1111111")
        #expect(result.current == 7)
        #expect(result.longest == 7)
        #expect(result.timeline.map(\.status) == Array(repeating: .done, count: 7))
    }

    @Test func aFrozenDayKeepsTheStreakWithoutLengtheningIt() {
        // Seven days earn a freeze, then 1, 1, (missed → frozen), 1.
        let result = summary("1111111" + "11" + "0" + "1")
        #expect(result.timeline.suffix(4).map(\.status) == [.done, .done, .frozen, .done])
        #expect(result.timeline.suffix(4).map(\.streak) == [8, 9, 9, 10])
        #expect(result.current == 10)
        #expect(result.freezesHeld == 0)
    }

    @Test func oneOneFrozenOneCountsThree() {
        // The freeze was earned before this window (carried in from an earlier summary).
        let result = summary("11" + "0" + "1", freezes: 1)
        #expect(result.timeline.suffix(4).map(\.status) == [.done, .done, .frozen, .done])
        #expect(result.current == 3)
    }

    @Test func twoMissedDaysWithoutAFreezeBreakTheStreak() {
        let result = summary("11111" + "00", todayOpen: true)
        #expect(result.current == 0)
        #expect(result.longest == 5)
        #expect(result.timeline.dropLast().suffix(2).map(\.status) == [.missed, .missed])
    }

    @Test func twoMissedDaysWithOnlyOneFreezeBreakIt() {
        let result = summary("1111111" + "00", todayOpen: true)
        #expect(result.timeline.dropLast().suffix(2).map(\.status) == [.frozen, .missed])
        #expect(result.current == 0)
    }

    @Test func freezesAreCappedAtTwo() {
        let result = summary(String(repeating: "1", count: 28))
        #expect(result.freezesHeld == StreakCalculator.maximumFreezes)
        let afterThreeMisses = summary(String(repeating: "1", count: 28) + "000", todayOpen: true)
        #expect(afterThreeMisses.timeline.dropLast().suffix(3).map(\.status) == [.frozen, .frozen, .missed])
    }

    @Test func todayWithoutDataYetDoesNotBreakTheStreak() {
        let result = StreakCalculator().summary(dataDays: Fixture.days(1...5), today: Fixture.d(6))
        #expect(result.current == 5)
        #expect(result.timeline.last?.status == .pending)
    }

    @Test func aRecordForYesterdayEnteredTodayCountsForYesterday() throws {
        // Entered at 08:00 on day 6 in Tokyo, but dated 21:00 on day 5: the caller passes the record's date.
        let recordedFor = try #require(Calendar.tokyoGregorian.date(from: DateComponents(year: 2026, month: 3, day: 5, hour: 21)))
        var days = Fixture.days(1...4)
        days.formUnion(RecordDays.days(of: [recordedFor], in: Fixture.tokyo))
        let result = StreakCalculator().summary(dataDays: days, today: Fixture.d(6))
        #expect(result.current == 5)
        #expect(result.timeline.map(\.status).filter { $0 == .missed }.isEmpty)
    }

    @Test func pausedDaysNeitherCountNorBreakNorMoveStrength() throws {
        let pause = try PauseRange(first: Fixture.d(6), last: Fixture.d(15))
        let paused = summary("11111" + String(repeating: "0", count: 10) + "11", pauses: [pause])
        let unpaused = summary("1111111")
        #expect(paused.current == 7)
        #expect(paused.timeline.filter { $0.status == .paused }.count == 10)
        #expect(abs(paused.strength - unpaused.strength) < 1e-12)
    }

    @Test func aPauseLongerThanNinetyDaysIsRefused() {
        #expect(throws: MotivationError.pauseTooLong(days: 91)) {
            try PauseRange(first: Fixture.d(1), last: Fixture.d(91))
        }
        #expect((try? PauseRange(first: Fixture.d(1), last: Fixture.d(90)))?.dayCount == 90)
        #expect(throws: MotivationError.pauseEndsBeforeItStarts(first: Fixture.d(5), last: Fixture.d(4))) {
            try PauseRange(first: Fixture.d(5), last: Fixture.d(4))
        }
    }

    @Test func theLongestStreakSurvivesLaterBreaks() {
        let pattern = String(repeating: "1", count: 40) + "000" + String(repeating: "1", count: 12) + "00" + "111"
        let result = summary(pattern)
        #expect(result.longest == 40)
        #expect(result.longestEndedOn == Fixture.d(40))
        #expect(result.current == 3)
    }

    @Test func nothingRecordedMeansNoStreak() {
        let result = calculator.summary(dataDays: [], today: Fixture.d(10))
        #expect(result == .empty)
    }

    @Test func recordsDatedAfterTodayAreIgnored() {
        let result = calculator.summary(dataDays: Fixture.days(1...3).union([Fixture.d(9)]), today: Fixture.d(3))
        #expect(result.current == 3)
        #expect(result.timeline.count == 3)
    }
}

@Suite struct HabitStrengthThroughStreaksTests {
    @Test func thirtyPerfectDaysGiveEightyPercent() {
        let result = StreakCalculator().summary(dataDays: Fixture.days(1...30), today: Fixture.d(30))
        #expect(abs(result.strength - 0.80) <= 0.01)
    }

    @Test func oneMissedDayCostsLittle() {
        let perfect = StreakCalculator().summary(dataDays: Fixture.days(1...30), today: Fixture.d(30))
        let oneMissed = StreakCalculator().summary(dataDays: Fixture.days(1...30).subtracting([Fixture.d(29)]), today: Fixture.d(30))
        #expect(perfect.strength - oneMissed.strength > 0)
        #expect(perfect.strength - oneMissed.strength < 0.06)
        // The streak itself survived on a freeze.
        #expect(oneMissed.current == 29)
    }

    @Test func twoWeeksAwayHalveTheScore() {
        let before = StreakCalculator().summary(dataDays: Fixture.days(1...60), today: Fixture.d(60))
        // Days 61...74 empty; day 75 is today and still open.
        let after = StreakCalculator().summary(dataDays: Fixture.days(1...60), today: Fixture.d(75))
        let ratio = after.strength / before.strength
        #expect(ratio <= 0.5)
        #expect(ratio > 0.45)
    }
}

extension Calendar {
    static var tokyoGregorian: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = Fixture.tokyo
        return calendar
    }
}

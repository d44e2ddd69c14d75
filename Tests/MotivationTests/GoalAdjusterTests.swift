import Foundation
import Health
import Motivation
import Testing

@Suite struct GoalAdjusterTests {
    private let adjuster = GoalAdjuster()
    private let stepGoal = Goal(id: "steps", metricID: "stepCount", direction: .atLeast, target: 10_000, startValue: 0, startDay: Fixture.d(1))

    /// Steps per day, met (`1`, 11 000 steps) or not (`0`, 6 000 steps).
    private func steps(_ pattern: String) -> [LocalDay: Double] {
        Dictionary(uniqueKeysWithValues: pattern.enumerated().map { (Fixture.d($0.offset + 1), $0.element == "1" ? 11_000 : 6_000) })
    }

    private func target(of suggestion: GoalSuggestion?) -> Double? {
        guard case let .changeTarget(_, _, to) = suggestion?.proposal else { return nil }
        return to
    }

    @Test func lowAchievementProposesTheMedianOnDayFourteen() {
        let pattern = "10100100010010"
        let suggestion = adjuster.adjustment(goal: stepGoal, dailyValues: steps(pattern), today: Fixture.d(14))
        #expect(suggestion?.kind == .easeGoal)
        #expect(target(of: suggestion) == 6_000)
    }

    @Test func nothingIsProposedBeforeTheGoalIsTwoWeeksOld() {
        let pattern = "0000000000000"
        #expect(adjuster.adjustment(goal: stepGoal, dailyValues: steps(pattern), today: Fixture.d(13)) == nil)
    }

    @Test func aGoalMetAlmostEveryDayProposesALittleMore() throws {
        let everyDay = adjuster.adjustment(goal: stepGoal, dailyValues: steps(String(repeating: "1", count: 14)), today: Fixture.d(14))
        #expect(everyDay?.kind == .raiseGoal)
        let raised = try #require(target(of: everyDay))
        #expect(raised >= 10_500 && raised <= 11_000)
        let thirteenOfFourteen = adjuster.adjustment(goal: stepGoal, dailyValues: steps("11111110111111"), today: Fixture.d(14))
        let gentler = try #require(target(of: thirteenOfFourteen))
        #expect(gentler >= 10_500 && gentler <= raised)
    }

    @Test func aCountGoalIsProposedTheWholeNumberItsMessageNames() throws {
        // 8,001 steps raised 10 % is 8,801.1, and the median of 7,000 and 8,001 steps is 7,500.5: a steps goal takes
        // neither, so each proposal is the whole number the message offers.
        let odd = Goal(id: "steps", metricID: "stepCount", direction: .atLeast, target: 8_001, startValue: 0, startDay: Fixture.d(1))
        let everyDay = Dictionary(uniqueKeysWithValues: (1...14).map { (Fixture.d($0), 9_000.0) })
        let raise = try #require(adjuster.adjustment(goal: odd, dailyValues: everyDay, today: Fixture.d(14)))
        #expect(raise.kind == .raiseGoal)
        #expect(target(of: raise) == 8_801)
        #expect(raise.message.en.contains("8801") && raise.message.ja.contains("8801"))
        let seldom = Dictionary(uniqueKeysWithValues: (1...14).map { (Fixture.d($0), $0 % 2 == 0 ? 7_000.0 : 8_001.0) })
        let tooHard = Goal(id: "steps", metricID: "stepCount", direction: .atLeast, target: 12_000, startValue: 0, startDay: Fixture.d(1))
        let ease = try #require(adjuster.adjustment(goal: tooHard, dailyValues: seldom, today: Fixture.d(14)))
        #expect(ease.kind == .easeGoal)
        #expect(target(of: ease) == 7_501)
        // A level goal keeps the median as it is: 62.35 kg is a weight one can reach.
        let weight = Goal(id: "w", metricID: "bodyMass", direction: .atMost, target: 60, startValue: 65, startDay: Fixture.d(1))
        let weighings = Dictionary(uniqueKeysWithValues: (1...14).map { (Fixture.d($0), $0 % 2 == 0 ? 62.3 : 62.4) })
        let eased = try #require(target(of: adjuster.adjustment(goal: weight, dailyValues: weighings, today: Fixture.d(14))))
        #expect(abs(eased - 62.35) < 1e-9)
    }

    @Test func betweenHalfAndEightyFivePercentTheGoalIsLeftAlone() {
        #expect(adjuster.adjustment(goal: stepGoal, dailyValues: steps("11011011011011"), today: Fixture.d(14)) == nil)
    }

    @Test func aBadStretchNeverLeadsToAHigherGoal() {
        // Two good weeks after a bad one: the raise is measured from the goal, never bigger to make up for the past.
        let pattern = String(repeating: "0", count: 14) + String(repeating: "1", count: 14)
        let afterBad = target(of: adjuster.adjustment(goal: stepGoal, dailyValues: steps(pattern), today: Fixture.d(28)))
        let alwaysGood = target(of: adjuster.adjustment(goal: stepGoal, dailyValues: steps(String(repeating: "1", count: 28)), today: Fixture.d(28)))
        #expect(afterBad == alwaysGood)
        // A shortfall alone only ever proposes easing.
        let bad = adjuster.adjustment(goal: stepGoal, dailyValues: steps(String(repeating: "0", count: 14)), today: Fixture.d(14))
        #expect(bad?.kind == .easeGoal)
        #expect((target(of: bad) ?? .infinity) < stepGoal.target)
    }

    @Test func anAtMostGoalEasesUpwards() {
        let sitting = Goal(id: "sit", metricID: "appleStandTime", direction: .atMost, target: 400, startValue: 600, startDay: Fixture.d(1))
        let values = Dictionary(uniqueKeysWithValues: (1...14).map { (Fixture.d($0), 520.0) })
        let suggestion = adjuster.adjustment(goal: sitting, dailyValues: values, today: Fixture.d(14))
        #expect(suggestion?.kind == .easeGoal)
        #expect(target(of: suggestion) == 520)
    }
}

@Suite struct SeasonalFactorTests {
    @Test func withoutAYearOfHistoryThereIsNoSeasonalChange() {
        let values = Dictionary(uniqueKeysWithValues: (1...200).map { (Fixture.d($0), 8_000.0) })
        #expect(SeasonalFactor.factor(dailyValues: values, today: Fixture.d(200)) == 1)
    }

    @Test func aQuietMonthLastYearLowersTheSuggestionByAtMostTwentyPercent() {
        // A year and a bit of 10 000 steps, except last year's March at 2 000.
        let today = LocalDay(year: 2027, month: 3, day: 10)
        var values: [LocalDay: Double] = [:]
        var day = LocalDay(year: 2026, month: 1, day: 1)
        while day < today {
            values[day] = (day.year == 2026 && day.month == 3) ? 2_000 : 10_000
            day = day.adding(days: 1)
        }
        #expect(SeasonalFactor.factor(dailyValues: values, today: today) == 0.8)
    }

    @Test func aMildlyBusierMonthScalesInProportion() {
        let today = LocalDay(year: 2027, month: 7, day: 1)
        var values: [LocalDay: Double] = [:]
        var day = LocalDay(year: 2026, month: 6, day: 1)
        while day < today {
            values[day] = (day.year == 2026 && day.month == 7) ? 11_000 : 10_000
            day = day.adding(days: 1)
        }
        let factor = SeasonalFactor.factor(dailyValues: values, today: today)
        #expect(factor > 1.05 && factor < 1.1)
    }
}

import Foundation
import Health
import Motivation
import Testing

@Suite struct GoalPeriodCounterTests {
    /// 1 March 2026 is a Sunday, so the first full week is 2–8 March (days 2–8).
    private let goal = Goal(id: "s", metricID: "stepCount", direction: .atLeast, target: 8_000, startValue: 0, startDay: Fixture.d(1))

    private func steps(_ pattern: String) -> [LocalDay: Double] {
        Dictionary(uniqueKeysWithValues: pattern.enumerated().map { (Fixture.d($0.offset + 1), $0.element == "1" ? 9_000 : 3_000) })
    }

    @Test func aWeekWithFiveGoodDaysCounts() {
        #expect(Fixture.d(2).weekday == 1)
        #expect(GoalPeriodCounter.weeksMet(goal: goal, dailyValues: steps("0" + "1101101"), today: Fixture.d(9)) == 1)
        #expect(GoalPeriodCounter.weeksMet(goal: goal, dailyValues: steps("0" + "1001101"), today: Fixture.d(9)) == 0)
    }

    @Test func aWeekInProgressDoesNotCountYet() {
        #expect(GoalPeriodCounter.weeksMet(goal: goal, dailyValues: steps("0" + "1111111"), today: Fixture.d(8)) == 0)
    }

    @Test func aMonthCountsAtEightyPercentOnceItHasEnded() {
        let march = steps(String(repeating: "1", count: 25) + String(repeating: "0", count: 6))
        #expect(GoalPeriodCounter.monthsMet(goal: goal, dailyValues: march, today: Fixture.d(31)) == 0)
        #expect(GoalPeriodCounter.monthsMet(goal: goal, dailyValues: march, today: Fixture.d(32)) == 1)
        let weak = steps(String(repeating: "1", count: 24) + String(repeating: "0", count: 7))
        #expect(GoalPeriodCounter.monthsMet(goal: goal, dailyValues: weak, today: Fixture.d(32)) == 0)
    }

    @Test func milestonesBecomeStepsTickedByTheWeight() throws {
        let plan = WeightPlan(currentWeight: 80, pace: .standard, today: Fixture.d(1))
        let ticked = plan.milestones.map { $0.isReached(by: 76) }
        #expect(ticked == [true, true, false])
        #expect(plan.milestones[0].stepTitle.en == "−3 % (77.6 kg)")
    }
}

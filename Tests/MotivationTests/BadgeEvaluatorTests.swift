import Foundation
import Health
import Motivation
import Testing

@Suite struct BadgeEvaluatorTests {
    private let evaluator = BadgeEvaluator()
    private let now = Fixture.instant("2026-05-01T12:00:00Z")

    private func hoursAgo(_ hours: Double) -> Date {
        now.addingTimeInterval(-hours * 3_600)
    }

    private func progress(_ evaluation: BadgeEvaluation, _ id: String) -> BadgeProgress? {
        evaluation.progress.first { $0.badge.id == id }
    }

    @Test func theFirstRecordEarnsTheFirstStep() {
        let evaluation = evaluator.evaluate(facts: BadgeFacts(longestStreak: 1, totalRecords: 1, dataDays: 1), awarded: [], now: now)
        #expect(evaluation.newAwards == [BadgeAward(badgeID: "first-step", awardedAt: now)])
        #expect(progress(evaluation, "first-step")?.isEarned == true)
    }

    @Test func aWeekInARowEarnsPersistenceAndShowsProgressTowardTheMaster() {
        let facts = BadgeFacts(longestStreak: 7, totalRecords: 7, dataDays: 7)
        let evaluation = evaluator.evaluate(facts: facts, awarded: [BadgeAward(badgeID: "first-step", awardedAt: hoursAgo(200))], now: now)
        #expect(evaluation.newAwards.map(\.badgeID) == ["streak-7"])
        #expect(progress(evaluation, "streak-30")?.percent == 23)
        #expect(progress(evaluation, "streak-30")?.isEarned == false)
    }

    @Test func checkingAgainAwardsNothingTwice() {
        let facts = BadgeFacts(longestStreak: 30, totalRecords: 30, dataDays: 30)
        let first = evaluator.evaluate(facts: facts, awarded: [], now: now)
        #expect(Set(first.newAwards.map(\.badgeID)) == ["first-step", "streak-7", "streak-30"])
        let second = evaluator.evaluate(facts: facts, awarded: first.newAwards, now: now.addingTimeInterval(60))
        #expect(second.newAwards.isEmpty)
        #expect(second.withdrawals.isEmpty)
        #expect(progress(second, "streak-30")?.earnedAt == now)
    }

    @Test func aBadgeFromADeletedRecordIsWithdrawnWithinADay() {
        let awarded = [BadgeAward(badgeID: "first-step", awardedAt: hoursAgo(2))]
        let evaluation = evaluator.evaluate(facts: BadgeFacts(), awarded: awarded, now: now)
        #expect(evaluation.withdrawals == awarded)
        #expect(progress(evaluation, "first-step")?.isEarned == false)
        #expect(evaluation.newAwards.isEmpty)
    }

    @Test func aBadgeOlderThanADayIsNeverWithdrawn() {
        let awarded = [BadgeAward(badgeID: "streak-7", awardedAt: hoursAgo(24))]
        let evaluation = evaluator.evaluate(facts: BadgeFacts(longestStreak: 3, totalRecords: 3), awarded: awarded, now: now)
        #expect(evaluation.withdrawals.isEmpty)
        #expect(progress(evaluation, "streak-7")?.percent == 100)
        #expect(progress(evaluation, "streak-7")?.isEarned == true)
    }

    @Test func aRepeatableBadgeIsAwardedOncePerOccurrence() {
        let earlier = [BadgeAward(badgeID: "weekly-goal", awardedAt: hoursAgo(300)), BadgeAward(badgeID: "weekly-goal", awardedAt: hoursAgo(130))]
        let evaluation = evaluator.evaluate(facts: BadgeFacts(weeklyGoalsMet: 3), awarded: earlier, now: now)
        #expect(evaluation.newAwards == [BadgeAward(badgeID: "weekly-goal", awardedAt: now)])
        #expect(progress(evaluation, "weekly-goal")?.timesEarned == 3)
        let again = evaluator.evaluate(facts: BadgeFacts(weeklyGoalsMet: 3), awarded: earlier + evaluation.newAwards, now: now)
        #expect(again.newAwards.isEmpty)
    }

    @Test func onlyTheFreshRepeatAwardIsWithdrawn() {
        let awarded = [BadgeAward(badgeID: "weekly-goal", awardedAt: hoursAgo(300)), BadgeAward(badgeID: "weekly-goal", awardedAt: hoursAgo(1))]
        let evaluation = evaluator.evaluate(facts: BadgeFacts(weeklyGoalsMet: 0), awarded: awarded, now: now)
        #expect(evaluation.withdrawals == [awarded[1]])
        #expect(progress(evaluation, "weekly-goal")?.timesEarned == 1)
    }

    @Test func comingBackAfterAMonthAwayEarnsTheHiddenWelcome() {
        let days = Fixture.days(1...10).union(Fixture.days(45...46))
        let facts = BadgeFacts(totalRecords: 12, absences: BadgeFacts.absences(in: days))
        #expect(facts.longestAbsence == 34)
        let evaluation = evaluator.evaluate(facts: facts, awarded: [], now: now)
        #expect(evaluation.newAwards.map(\.badgeID).contains("welcome-back"))
        let shortBreak = BadgeFacts(totalRecords: 12, absences: BadgeFacts.absences(in: Fixture.days(1...10).union(Fixture.days(30...31))))
        let notYet = evaluator.evaluate(facts: shortBreak, awarded: [], now: now)
        #expect(!notYet.newAwards.map(\.badgeID).contains("welcome-back"))
        #expect(progress(notYet, "welcome-back")?.isVisible == false)
    }

    @Test func gapsInHistoryFromBeforeTheAccountAreNoHomecoming() {
        // Two long gaps in imported history, then the account opens on day 200 and the person comes back on day 260.
        let days = Fixture.days(1...10).union(Fixture.days(50...60)).union(Fixture.days(100...200)).union(Fixture.days(260...261))
        let opened = Fixture.d(200)
        #expect(BadgeFacts.absences(in: days).count { $0 >= 30 } == 3)
        let facts = BadgeFacts(totalRecords: 200, absences: BadgeFacts.absences(in: days, returnsFrom: opened))
        #expect(facts.absences == [59], "only the return after the account began")
        let evaluation = evaluator.evaluate(facts: facts, awarded: [], now: now)
        #expect(evaluation.newAwards.filter { $0.badgeID == "welcome-back" }.count == 1, "one welcome back, not three at once")
    }

    @Test func milestonesForWeightStepsWorkoutsAndTaskSteps() {
        let facts = BadgeFacts(totalRecords: 50, weightLossPercent: 5.2, stepsTotal: 1_200_000, goalsAchieved: 1, workouts: 10, stepTasksDone: 1)
        let earned = Set(evaluator.evaluate(facts: facts, awarded: [], now: now).newAwards.map(\.badgeID))
        #expect(earned.isSuperset(of: ["weight-loss-3", "weight-loss-5", "steps-100k", "steps-1m", "goal-achieved", "workouts-1", "workouts-10", "step-tasks-1"]))
        #expect(earned.isDisjoint(with: ["weight-loss-10", "steps-10m", "workouts-100", "step-tasks-10"]))
    }

    @Test func progressIsFlooredSoAnAlmostDoneBadgeIsNotShownFull() {
        let evaluation = evaluator.evaluate(facts: BadgeFacts(stepsTotal: 99_999), awarded: [], now: now)
        #expect(progress(evaluation, "steps-100k")?.percent == 99)
    }

    @Test func theCollectionShowsEarnedBadgesFirstThenTheClosest() {
        let evaluation = evaluator.evaluate(facts: BadgeFacts(longestStreak: 20, totalRecords: 20), awarded: [], now: now)
        let order = evaluation.collectionOrder
        #expect(order.prefix(2).allSatisfy { $0.isEarned })
        #expect(order.dropFirst(2).first?.badge.id == "streak-30")
        #expect(!order.contains { $0.badge.id == "welcome-back" })
    }
}

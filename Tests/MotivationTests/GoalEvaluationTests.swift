import Foundation
import Health
import Motivation
import Testing

@Suite struct GoalEvaluationTests {
    private let loseFive = Goal(
        id: "g1", metricID: "bodyMass", direction: .atMost, target: 70, startValue: 75,
        startDay: Fixture.d(1), deadline: Fixture.d(101)
    )

    @Test func weightProgressIsMeasuredFromTheStartWeight() {
        #expect(loseFive.progressPercent(current: 72.5) == 50)
        #expect(loseFive.progressPercent(current: 75) == 0)
    }

    @Test func progressIsClampedBothWays() {
        #expect(loseFive.progressPercent(current: 77) == 0)
        #expect(loseFive.progressPercent(current: 68) == 100)
    }

    @Test func reachingTheTargetIsAchieved() {
        let evaluation = loseFive.evaluate(current: 69.9, today: Fixture.d(20))
        #expect(evaluation.status == .achieved)
        #expect(evaluation.progressPercent == 100)
    }

    @Test func halfwayAtHalfTimeIsOnTrack() {
        #expect(loseFive.evaluate(current: 72.5, today: Fixture.d(51)).status == .onTrack)
    }

    @Test func farBelowTheSteadyPaceIsBehind() {
        let evaluation = loseFive.evaluate(current: 74.5, today: Fixture.d(51))
        #expect(evaluation.expectedPercent == 50)
        #expect(evaluation.status == .behind)
    }

    @Test func aLittleBelowThePaceIsStillOnTrack() {
        // 45 % done where 50 % was expected: inside the tolerance.
        #expect(loseFive.evaluate(current: 72.75, today: Fixture.d(51)).status == .onTrack)
    }

    @Test func withoutADeadlineAGoalIsNeverBehind() {
        let open = Goal(id: "g2", metricID: "bodyMass", direction: .atMost, target: 70, startValue: 75, startDay: Fixture.d(1))
        let evaluation = open.evaluate(current: 75, today: Fixture.d(300))
        #expect(evaluation.status == .onTrack)
        #expect(evaluation.expectedPercent == nil)
    }

    @Test func stepGoalsCountUpFromZero() {
        let steps = Goal(id: "g3", metricID: "stepCount", direction: .atLeast, target: 8_000, startValue: 0, startDay: Fixture.d(1))
        #expect(steps.progressPercent(current: 6_000) == 75)
        #expect(steps.evaluate(current: 8_000, today: Fixture.d(1)).status == .achieved)
    }

    @Test func aMaintenanceRangeIsMetAnywhereInsideTheBand() {
        let keep = Goal(id: "g4", metricID: "bodyMass", direction: .withinRange(lower: 64, upper: 66), target: 65, startValue: 68, startDay: Fixture.d(1))
        #expect(keep.evaluate(current: 65.8, today: Fixture.d(5)).status == .achieved)
        #expect(keep.progressPercent(current: 67) == 50)
        #expect(keep.progressPercent(current: 63) == 50)
    }

    @Test func historyRecordsAnAchievementOnce() {
        let evaluation = loseFive.evaluate(current: 69, today: Fixture.d(80))
        let first = loseFive.newHistoryEntries(after: evaluation, today: Fixture.d(80), history: [])
        #expect(first == [GoalHistoryEntry(goalID: "g1", day: Fixture.d(80), event: .achieved)])
        #expect(loseFive.newHistoryEntries(after: evaluation, today: Fixture.d(81), history: first).isEmpty)
    }

    @Test func historyNotesAPassedDeadlineOnceAndNothingAfterAbandoning() {
        let late = loseFive.evaluate(current: 73, today: Fixture.d(102))
        #expect(late.status == .behind)
        let entries = loseFive.newHistoryEntries(after: late, today: Fixture.d(102), history: [])
        #expect(entries.map(\.event) == [.deadlinePassed])
        let abandoned = [GoalHistoryEntry(goalID: "g1", day: Fixture.d(50), event: .abandoned)]
        #expect(loseFive.newHistoryEntries(after: late, today: Fixture.d(102), history: abandoned).isEmpty)
    }
}

import Foundation
import Health
import Motivation
import Testing

@Suite struct GoalSuggesterTests {
    private let suggester = GoalSuggester()

    private func weights(days: Set<LocalDay>, kg: Double = 80) -> [LocalDay: Double] {
        Dictionary(uniqueKeysWithValues: days.map { ($0, kg) })
    }

    @Test func nothingIsSuggestedOnDayThirteen() {
        let data = weights(days: Fixture.days(1...13))
        #expect(suggester.weightPlan(dailyWeights: data, today: Fixture.d(13)) == nil)
    }

    @Test func aSuggestionAppearsOnDayFourteenWithTenDaysOfData() {
        // Days 1–14 with four gaps (the first day recorded): exactly ten days with a weight.
        let data = weights(days: Fixture.days("10011011011111"))
        #expect(data.count == 10)
        let suggestion = suggester.weightPlan(dailyWeights: data, today: Fixture.d(14))
        #expect(suggestion?.kind == .weightPlan)
        #expect(suggestion?.id == "weightPlan:bodyMass:\(Fixture.d(14))")
    }

    @Test func nineDaysOfDataInTwoWeeksAreNotEnough() {
        let data = weights(days: Fixture.days("10011011010111"))
        #expect(data.count == 9)
        #expect(suggester.weightPlan(dailyWeights: data, today: Fixture.d(14)) == nil)
    }

    @Test func theDefaultPaceIsHalfAPercentAWeekWithThreeMilestones() throws {
        let suggestion = try #require(suggester.weightPlan(dailyWeights: weights(days: Fixture.days(1...14)), today: Fixture.d(14)))
        guard case let .weightPlan(plan) = suggestion.proposal else {
            Issue.record("expected a weight plan")
            return
        }
        #expect(abs(plan.kilogramsPerWeek - 0.4) < 1e-9)
        #expect(plan.milestones.map(\.percent) == [3, 5, 10])
        #expect(plan.milestones.map(\.targetWeight) == [77.6, 76, 72])
        // 2.4 kg at 0.4 kg a week: six weeks.
        #expect(plan.milestones[0].earliestDay == Fixture.d(14).adding(days: 42))
        #expect(plan.milestones.map(\.earliestDay) == plan.milestones.map(\.earliestDay).sorted())
        #expect(!suggestion.message.ja.isEmpty && !suggestion.message.en.isEmpty)
    }

    @Test func aHeavyBodyStillLosesAtMostOneKilogramAWeek() throws {
        let pace = try WeightPace(percentPerWeek: 1.0)
        let plan = WeightPlan(currentWeight: 150, pace: pace, today: Fixture.d(1))
        #expect(plan.kilogramsPerWeek == 1.0)
    }

    @Test func onlyPacesFromAQuarterToOnePercentAreAccepted() {
        #expect((try? WeightPace(percentPerWeek: 0.25)) != nil)
        #expect((try? WeightPace(percentPerWeek: 1.0)) != nil)
        #expect(throws: MotivationError.weightRateOutOfRange(1.5)) { try WeightPace(percentPerWeek: 1.5) }
        #expect(throws: MotivationError.weightRateOutOfRange(0.1)) { try WeightPace(percentPerWeek: 0.1) }
    }

    @Test func stepTargetsAreTheSixtiethPercentileOfTheSameWeekday() throws {
        // Ten weeks of steps where each day's count is 1000 × its week number, so for any weekday the last
        // nine values are 2000…10000 and their 60th percentile is 6800.
        var steps: [LocalDay: Double] = [:]
        for week in 1...10 {
            for offset in 0..<7 { steps[Fixture.d((week - 1) * 7 + offset + 1)] = Double(week * 1_000) }
        }
        let suggestion = try #require(suggester.dailyTargets(dailyValues: steps, today: Fixture.d(71)))
        guard case let .dailyTargets(targets) = suggestion.proposal else {
            Issue.record("expected daily targets")
            return
        }
        #expect(targets.count == 7)
        #expect(targets.allSatisfy { $0.value == 6_800 })
    }

    @Test func aStepGoalNeverRisesMoreThanTenPercentOnLastWeek() throws {
        let steps = Dictionary(uniqueKeysWithValues: (1...28).map { (Fixture.d($0), 12_000.0) })
        let lastWeek = (1...7).map { WeekdayTarget(weekday: $0, value: 8_000) }
        let suggestion = try #require(suggester.dailyTargets(dailyValues: steps, today: Fixture.d(29), lastWeekTargets: lastWeek))
        guard case let .dailyTargets(targets) = suggestion.proposal else {
            Issue.record("expected daily targets")
            return
        }
        #expect(targets.allSatisfy { $0.value <= 8_000 * 1.10 })
        #expect(targets.allSatisfy { $0.value > 8_000 })
    }

    @Test func stepsAreNotSuggestedBeforeTwoWeeks() {
        let steps = Dictionary(uniqueKeysWithValues: (1...12).map { (Fixture.d($0), 9_000.0) })
        #expect(suggester.dailyTargets(dailyValues: steps, today: Fixture.d(13)) == nil)
    }

    @Test func aDismissedSuggestionRestsForFourteenDays() throws {
        let suggestion = try #require(suggester.weightPlan(dailyWeights: weights(days: Fixture.days(1...14)), today: Fixture.d(14)))
        let dismissal = SuggestionDismissal(dismissing: suggestion, on: Fixture.d(14))
        let later = try #require(suggester.weightPlan(dailyWeights: weights(days: Fixture.days(1...27)), today: Fixture.d(27)))
        #expect(!later.mayBeShown(today: Fixture.d(27), dismissals: [dismissal]))
        let muchLater = try #require(suggester.weightPlan(dailyWeights: weights(days: Fixture.days(1...28)), today: Fixture.d(28)))
        #expect(muchLater.mayBeShown(today: Fixture.d(28), dismissals: [dismissal]))
    }

    @Test func theSameProposalOnTheSameDayHasTheSameID() {
        let data = weights(days: Fixture.days(1...20))
        let first = suggester.weightPlan(dailyWeights: data, today: Fixture.d(20))
        let again = suggester.weightPlan(dailyWeights: data.mapValues { $0 - 1 }, today: Fixture.d(20))
        #expect(first?.id == again?.id)
        #expect(first?.id != suggester.weightPlan(dailyWeights: data, today: Fixture.d(19))?.id)
    }
}

@Suite struct StepSuggestionTimingTests {
    @Test func stepsAreSuggestedOnDayFourteen() {
        let steps = Dictionary(uniqueKeysWithValues: (1...14).map { (Fixture.d($0), 9_000.0) })
        #expect(GoalSuggester().dailyTargets(dailyValues: steps, today: Fixture.d(13)) == nil)
        #expect(GoalSuggester().dailyTargets(dailyValues: steps, today: Fixture.d(14))?.kind == .dailySteps)
    }
}

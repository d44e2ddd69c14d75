import Foundation
import Testing
@testable import TaskSteps

@Suite struct TaskProgressTests {
    @Test func aTaskWithoutStepsHasZeroProgressAndIsNotComplete() {
        let task = Fixtures.task(done: 0, open: 0)
        #expect(task.progress.fraction == 0)
        #expect(task.progress.percent == 0)
        #expect(!task.isCompleted)
    }

    @Test func allStepsDoneCompletesTheTask() {
        let task = Fixtures.task(done: 3, open: 0)
        #expect(task.progress.percent == 100)
        #expect(task.isCompleted)
        // The task becomes complete at its last step's completion.
        #expect(task.completionAfterStepChange() == Date(timeIntervalSince1970: 120))
    }

    @Test func unCompletingAStepAfterCompletionReopensTheTask() {
        var task = Fixtures.task(done: 2, open: 0)
        task.completedAt = task.completionAfterStepChange()
        #expect(task.completedAt != nil)
        task.steps[1].completedAt = nil
        #expect(!task.isCompleted)
        #expect(task.completionAfterStepChange() == nil)
        #expect(task.progress.percent == 50)
    }

    @Test func percentNeverRoundsAnOpenTaskUpTo100() {
        let task = Fixtures.task(done: 199, open: 1)
        #expect(task.progress.percent == 99)
    }

    @Test func percentRoundsToTheNearestWholeNumber() {
        #expect(Fixtures.task(done: 2, open: 1).progress.percent == 67)
        #expect(Fixtures.task(done: 1, open: 2).progress.percent == 33)
        #expect(Fixtures.task(done: 1, open: 7).progress.percent == 13)
    }

    @Test func percentNeverShowsZeroOnceAStepIsDone() {
        #expect(Fixtures.task(done: 1, open: 299).progress.percent == 1)
    }

    @Test func overallProgressCountsStepsOfActiveTasksOnly() {
        let tasks = [
            Fixtures.task(id: 1, done: 1, open: 1),
            Fixtures.task(id: 2, done: 3, open: 1),
            Fixtures.task(id: 3, done: 0, open: 10, archived: true),
        ]
        let overall = TaskProgress.overall(tasks)
        #expect(overall.completed == 4)
        #expect(overall.total == 6)
        #expect(overall.percent == 67)
    }
}

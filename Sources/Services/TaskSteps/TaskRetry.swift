import Foundation
import Storage
import TaskSteps

/// Whether a task or step sent with a `clientId` the user already used is a retry of the create that stored it.
/// A task is the same when its title, notes, due date, tags and first steps are (the steps in any order: a new
/// order leaves no trace to tell a reordered task from a different request by). See `IdempotentRetry` for why an
/// item changed since it was made is always a retry.
enum TaskRetry {
    static func isRetry(of draft: TaskDraft, answeredBy stored: StepTask, lastChange: Date?) -> Bool {
        if let lastChange, IdempotentRetry.changedSinceCreated(createdAt: stored.createdAt, updatedAt: lastChange) { return true }
        return stored.title == draft.title
            && stored.notes == draft.notes
            && stored.dueDate == draft.dueDate
            && stored.tags == draft.tags
            && stored.steps.map(\.title).sorted() == draft.stepTitles.sorted()
    }

    /// A step keeps no change time of its own; its task's last change (renaming a step changes the task) stands in.
    /// Any change to the task after the step was made therefore counts, which can only answer a retry more often.
    static func isRetry(ofStepTitled title: String, answeredBy stored: TaskStep, createdAt: Date?, taskLastChange: Date?) -> Bool {
        if let createdAt, let taskLastChange, IdempotentRetry.changedSinceCreated(createdAt: createdAt, updatedAt: taskLastChange) { return true }
        return stored.title == title
    }
}

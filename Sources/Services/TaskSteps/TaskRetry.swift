import Foundation
import Storage
import TaskSteps

/// Whether a task or step sent with a `clientId` the user already used is a retry of the create that stored it.
/// A task is the same when its title, notes, due date, tags and first steps, in their order, are: the order of steps is
/// content the user chose, so the same steps in another order are another request. Moving a step marks the task
/// changed, and a task changed since it was made answers any retry with itself (see `IdempotentRetry` for why).
enum TaskRetry {
    static func isRetry(of draft: TaskDraft, answeredBy stored: StepTask, lastChange: Date?) -> Bool {
        if let lastChange, IdempotentRetry.changedSinceCreated(createdAt: stored.createdAt, updatedAt: lastChange) { return true }
        return stored.title == draft.title
            && stored.notes == draft.notes
            && stored.dueDate == draft.dueDate
            && stored.tags == draft.tags
            && stored.steps.map(\.title) == draft.stepTitles
    }

    /// A step keeps no change time of its own; its task's last change (renaming a step changes the task) stands in.
    /// Any change to the task after the step was made therefore counts, which can only answer a retry more often.
    static func isRetry(ofStepTitled title: String, answeredBy stored: TaskStep, createdAt: Date?, taskLastChange: Date?) -> Bool {
        if let createdAt, let taskLastChange, IdempotentRetry.changedSinceCreated(createdAt: createdAt, updatedAt: taskLastChange) { return true }
        return stored.title == title
    }
}

import Foundation

/// Completed steps out of all steps. A task with no steps has progress 0 and is not complete: there is
/// nothing to have finished yet.
public struct TaskProgress: Sendable, Hashable, Codable {
    public let completed: Int
    public let total: Int

    public init(completed: Int, total: Int) {
        self.completed = completed
        self.total = total
    }

    public var fraction: Double { total == 0 ? 0 : Double(completed) / Double(total) }

    /// Whole percent, rounded to the nearest (2 of 3 steps is 67 %, as a person would say), but never 100 % while a
    /// step is still open and never 0 % once one is done: the two ends mean "finished" and "not started".
    public var percent: Int {
        guard total > 0 else { return 0 }
        let nearest = (completed * 200 + total) / (total * 2)
        guard completed > 0, completed < total else { return nearest }
        return min(max(nearest, 1), 99)
    }

    public var isComplete: Bool { total > 0 && completed == total }

    /// Progress over every active (not archived) task, counted in steps so a big task weighs more than a small one.
    public static func overall(_ tasks: [StepTask]) -> TaskProgress {
        let active = tasks.filter { !$0.isArchived }
        return TaskProgress(
            completed: active.reduce(0) { $0 + $1.progress.completed },
            total: active.reduce(0) { $0 + $1.progress.total }
        )
    }
}

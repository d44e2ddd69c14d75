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

    /// Whole percent, rounded down so 99.6 % never shows as 100 % while a step is still open.
    public var percent: Int { total == 0 ? 0 : completed * 100 / total }

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

import Foundation
import Health

/// A task broken into small steps (seed 004). Named `StepTask` so it never shadows Swift's `Task`.
public struct StepTask: Sendable, Hashable, Identifiable {
    public var id: Int64
    public var title: String
    public var notes: String
    public var createdAt: Date
    public var dueDate: LocalDay?
    public var tags: [String]
    /// 0-based place in the owner's list; kept dense (0, 1, 2, …) by every operation.
    public var position: Int
    public var isArchived: Bool
    /// When the last open step was ticked; nil while any step is open or there are none.
    public var completedAt: Date?
    /// Reserved for the health goals a task may break down (seed 000 R5); nullable until goals exist.
    public var goalId: Int64?
    /// In order.
    public var steps: [TaskStep]

    public init(
        id: Int64, title: String, notes: String = "", createdAt: Date, dueDate: LocalDay? = nil, tags: [String] = [],
        position: Int = 0, isArchived: Bool = false, completedAt: Date? = nil, goalId: Int64? = nil, steps: [TaskStep] = []
    ) {
        self.id = id
        self.title = title
        self.notes = notes
        self.createdAt = createdAt
        self.dueDate = dueDate
        self.tags = tags
        self.position = position
        self.isArchived = isArchived
        self.completedAt = completedAt
        self.goalId = goalId
        self.steps = steps
    }

    public var progress: TaskProgress {
        TaskProgress(completed: steps.filter(\.isDone).count, total: steps.count)
    }

    public var isCompleted: Bool { progress.isComplete }

    /// The completion instant the task should carry after its steps changed: kept if it was already complete,
    /// the latest step completion if it just became complete, nil once a step is open again.
    public func completionAfterStepChange() -> Date? {
        guard progress.isComplete else { return nil }
        return completedAt ?? steps.compactMap(\.completedAt).max()
    }
}

import Foundation
import Health

/// A new task as validated input: titles trimmed and checked, tags normalised.
public struct TaskDraft: Sendable, Equatable {
    public var title: String
    public var notes: String
    public var dueDate: LocalDay?
    public var tags: [String]
    public var stepTitles: [String]
    public var clientId: String?
    /// The goal this task breaks into steps, if any.
    public var goalId: Int64?

    public init(
        title: String, notes: String = "", dueDate: LocalDay? = nil, tags: [String] = [], stepTitles: [String] = [], clientId: String? = nil,
        goalId: Int64? = nil
    ) {
        self.title = title
        self.notes = notes
        self.dueDate = dueDate
        self.tags = tags
        self.stepTitles = stepTitles
        self.clientId = clientId
        self.goalId = goalId
    }
}

/// Changes to a task's own fields; nil leaves a field as it is. `dueDate` is doubly optional so that a
/// client can clear it (`.some(nil)`).
public struct TaskChange: Sendable, Equatable {
    public var title: String?
    public var notes: String?
    public var dueDate: LocalDay??
    public var tags: [String]?
    public var isArchived: Bool?

    public init(title: String? = nil, notes: String? = nil, dueDate: LocalDay?? = nil, tags: [String]? = nil, isArchived: Bool? = nil) {
        self.title = title
        self.notes = notes
        self.dueDate = dueDate
        self.tags = tags
        self.isArchived = isArchived
    }
}

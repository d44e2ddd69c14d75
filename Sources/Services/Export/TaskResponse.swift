import Foundation
import Health
import TaskSteps

/// A task as the API shows it, steps included.
public struct TaskResponse: Codable, Sendable, Equatable {
    public let id: Int64
    public let title: String
    public let notes: String
    public let dueDate: LocalDay?
    public let tags: [String]
    public let position: Int
    public let archived: Bool
    public let completed: Bool
    public let completedAt: Date?
    public let goalId: Int64?
    public let createdAt: Date
    public let progress: ProgressResponse
    public let steps: [StepResponse]

    public init(_ task: StepTask) {
        id = task.id
        title = task.title
        notes = task.notes
        dueDate = task.dueDate
        tags = task.tags
        position = task.position
        archived = task.isArchived
        completed = task.isCompleted
        completedAt = task.completedAt
        goalId = task.goalId
        createdAt = task.createdAt
        progress = ProgressResponse(task.progress)
        steps = task.steps.map(StepResponse.init)
    }
}

public struct StepResponse: Codable, Sendable, Equatable {
    public let id: Int64
    public let title: String
    public let position: Int
    public let done: Bool
    public let completedAt: Date?

    public init(_ step: TaskStep) {
        id = step.id
        title = step.title
        position = step.position
        done = step.isDone
        completedAt = step.completedAt
    }
}

public struct ProgressResponse: Codable, Sendable, Equatable {
    public let completed: Int
    public let total: Int
    public let percent: Int

    public init(_ progress: TaskProgress) {
        completed = progress.completed
        total = progress.total
        percent = progress.percent
    }
}

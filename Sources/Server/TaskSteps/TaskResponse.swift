import Foundation
import Health
import Hummingbird
import TaskSteps

/// A task as the API shows it, steps included.
struct TaskResponse: ResponseEncodable, Decodable, Equatable {
    let id: Int64
    let title: String
    let notes: String
    let dueDate: LocalDay?
    let tags: [String]
    let position: Int
    let archived: Bool
    let completed: Bool
    let completedAt: Date?
    let goalId: Int64?
    let createdAt: Date
    let progress: ProgressResponse
    let steps: [StepResponse]

    init(_ task: StepTask) {
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

struct StepResponse: Codable, Sendable, Equatable {
    let id: Int64
    let title: String
    let position: Int
    let done: Bool
    let completedAt: Date?

    init(_ step: TaskStep) {
        id = step.id
        title = step.title
        position = step.position
        done = step.isDone
        completedAt = step.completedAt
    }
}

struct ProgressResponse: Codable, Sendable, Equatable {
    let completed: Int
    let total: Int
    let percent: Int

    init(_ progress: TaskProgress) {
        completed = progress.completed
        total = progress.total
        percent = progress.percent
    }
}

struct TaskListResponse: ResponseEncodable, Decodable {
    let tasks: [TaskResponse]
    /// Across every active task, whatever the filter.
    let overall: ProgressResponse
}

struct CreatedStepResponse: ResponseEncodable, Decodable {
    let step: StepResponse
    let task: TaskResponse
}

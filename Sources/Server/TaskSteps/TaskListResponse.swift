import Foundation
import Hummingbird
import Services

struct TaskListResponse: ResponseEncodable, Decodable {
    let tasks: [TaskResponse]
    /// Across every active task, whatever the filter.
    let overall: ProgressResponse
    /// The `cursor` of the next page; null on the last.
    let nextCursor: String?
}

struct CreatedStepResponse: ResponseEncodable, Decodable {
    let step: StepResponse
    let task: TaskResponse
}

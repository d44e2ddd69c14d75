import Foundation
import Hummingbird
import Services

struct TaskListResponse: ResponseEncodable, Decodable {
    let tasks: [TaskResponse]
    /// Across every active task, whatever the filter.
    let overall: ProgressResponse
}

struct CreatedStepResponse: ResponseEncodable, Decodable {
    let step: StepResponse
    let task: TaskResponse
}

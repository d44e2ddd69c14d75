import Foundation
import Health
import Services
import Storage
import TaskSteps

/// `POST /api/v1/tasks`.
struct NewTaskInput: Decodable {
    var title: String
    var notes: String?
    var dueDate: String?
    var tags: [String]?
    var steps: [String]?
    var clientId: String?

    /// Every field checked by the same rules as the web form; the first problem is reported.
    func validated() throws -> TaskDraft {
        let steps = try (steps ?? []).map { title throws(TaskStepsError) in try TaskRules.title(title, field: .step) }
        guard steps.count <= TaskRules.maxStepsPerTask else { throw TaskStepsError.tooManySteps(limit: TaskRules.maxStepsPerTask) }
        return TaskDraft(
            title: try TaskRules.title(title, field: .task),
            notes: try TaskRules.notes(notes ?? ""),
            dueDate: try TaskRules.dueDate(dueDate),
            tags: try TaskRules.tags(tags ?? []),
            stepTitles: steps,
            clientId: try ClientId.validated(clientId)
        )
    }
}

/// `PATCH /api/v1/tasks/{id}`: only the fields present change; `"dueDate": null` clears the due date.
struct TaskPatchInput: PatchBody {
    var title: String?
    var notes: String?
    var dueDate: String??
    var tags: [String]?
    var archived: Bool?

    enum Keys: String, CodingKey, CaseIterable { case title, notes, dueDate, tags, archived }
    typealias Members = Keys

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        title = try container.decodeIfPresent(String.self, forKey: .title)
        notes = try container.decodeIfPresent(String.self, forKey: .notes)
        if container.contains(.dueDate) {
            dueDate = .some(try container.decodeNil(forKey: .dueDate) ? nil : try container.decode(String.self, forKey: .dueDate))
        }
        tags = try container.decodeIfPresent([String].self, forKey: .tags)
        archived = try container.decodeIfPresent(Bool.self, forKey: .archived)
    }

    func validated() throws -> TaskChange {
        var change = TaskChange(isArchived: archived)
        if let title { change.title = try TaskRules.title(title, field: .task) }
        if let notes { change.notes = try TaskRules.notes(notes) }
        if let dueDate { change.dueDate = .some(try TaskRules.dueDate(dueDate)) }
        if let tags { change.tags = try TaskRules.tags(tags) }
        return change
    }
}

/// `POST /api/v1/tasks/{id}/steps`.
struct NewStepInput: Decodable {
    var title: String
    var clientId: String?
}

/// `PATCH /api/v1/tasks/{id}/steps/{stepId}`.
struct StepPatchInput: PatchBody {
    var title: String?
    var done: Bool?

    enum CodingKeys: String, CodingKey, CaseIterable { case title, done }
    typealias Members = CodingKeys
}

/// `PUT …/order`: the complete new order.
struct OrderInput: Decodable {
    var ids: [Int64]
}

import Foundation
import GRDB
import Health
import TaskSteps

/// The stored form of a `StepTask`, without its steps.
struct TaskRow: Codable, Sendable, Identifiable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "stepTask"

    var id: Int64?
    var userId: Int64
    var title: String
    var notes: String
    var dueDate: String?
    var tags: String
    var position: Int
    var isArchived: Bool
    var completedAt: Date?
    var goalId: Int64?
    var clientId: String?
    var createdAt: Date
    var updatedAt: Date

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }

    var tagList: [String] {
        (try? JSONDecoder().decode([String].self, from: Data(tags.utf8))) ?? []
    }

    static func encode(tags: [String]) -> String {
        (try? String(decoding: JSONEncoder().encode(tags), as: UTF8.self)) ?? "[]"
    }

    func task(steps: [TaskStep]) throws(StoredRowError) -> StepTask {
        StepTask(
            id: try savedId, title: title, notes: notes, createdAt: createdAt, dueDate: dueDate.flatMap(LocalDay.init),
            tags: tagList, position: position, isArchived: isArchived, completedAt: completedAt, goalId: goalId, steps: steps
        )
    }
}

/// The stored form of a `TaskStep`.
struct TaskStepRow: Codable, Sendable, Identifiable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "taskStep"

    var id: Int64?
    var userId: Int64
    var taskId: Int64
    var title: String
    var position: Int
    var completedAt: Date?
    var clientId: String?
    var createdAt: Date

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }

    func step() throws(StoredRowError) -> TaskStep {
        TaskStep(id: try savedId, title: title, position: position, completedAt: completedAt)
    }
}

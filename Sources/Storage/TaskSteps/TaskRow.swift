import Foundation
import GRDB
import Health
import TaskSteps

/// The stored form of a `StepTask`, without its steps.
struct TaskRow: Codable, Sendable, Identifiable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "stepTask"

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let userId = Column(CodingKeys.userId)
        static let title = Column(CodingKeys.title)
        static let notes = Column(CodingKeys.notes)
        static let dueDate = Column(CodingKeys.dueDate)
        static let tags = Column(CodingKeys.tags)
        static let position = Column(CodingKeys.position)
        static let isArchived = Column(CodingKeys.isArchived)
        static let completedAt = Column(CodingKeys.completedAt)
        static let goalId = Column(CodingKeys.goalId)
        static let clientId = Column(CodingKeys.clientId)
        static let createdAt = Column(CodingKeys.createdAt)
        static let updatedAt = Column(CodingKeys.updatedAt)
    }

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

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let userId = Column(CodingKeys.userId)
        static let taskId = Column(CodingKeys.taskId)
        static let title = Column(CodingKeys.title)
        static let position = Column(CodingKeys.position)
        static let completedAt = Column(CodingKeys.completedAt)
        static let clientId = Column(CodingKeys.clientId)
        static let createdAt = Column(CodingKeys.createdAt)
    }

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

extension TaskRow: UserOwnedRecord {
    static var ownerColumn: Column { Columns.userId }
}

extension TaskStepRow: UserOwnedRecord {
    static var ownerColumn: Column { Columns.userId }
}

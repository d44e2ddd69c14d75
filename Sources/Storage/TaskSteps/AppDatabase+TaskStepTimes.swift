import Foundation
import GRDB

/// The times a retried create is judged by: a task or step sent again under its clientId is compared with what is
/// stored only while nothing was changed since it was made (the decision is the service's; these only read).
extension AppDatabase {
    /// When the task, or a step of it, was last changed (its fields by PATCH, a step added, renamed or deleted, its
    /// completion): its creation time until then. Nil when the user has no such task.
    public func taskLastChange(id: Int64, userId: Int64) async throws -> Date? {
        try await reader.read { db in
            try Date.fetchOne(db, TaskRow.owned(by: userId).filter(key: id).select(\.updatedAt))
        }
    }

    /// When the step was made. Nil when the user has no such step.
    public func stepCreatedAt(id: Int64, userId: Int64) async throws -> Date? {
        try await reader.read { db in
            try Date.fetchOne(db, TaskStepRow.owned(by: userId).filter(key: id).select(\.createdAt))
        }
    }
}

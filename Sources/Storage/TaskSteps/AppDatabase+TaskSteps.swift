import Foundation
import GRDB
import Health
import TaskSteps

/// Tasks and their steps. Every method takes the owner and touches only that owner's rows: another user's
/// task id behaves exactly like an id that does not exist.
extension AppDatabase {
    /// All the user's tasks (archived too) in list order, each with its steps in order.
    public func tasks(userId: Int64) async throws -> [StepTask] {
        try await reader.read { db in try Self.tasks(db, userId: userId) }
    }

    public func task(id: Int64, userId: Int64) async throws -> StepTask? {
        try await reader.read { db in try Self.task(db, id: id, userId: userId) }
    }

    /// Creates a task (with any first steps) at the end of the list. A retry with the same `clientId`
    /// returns the task the first attempt made, unchanged, with `created` false.
    public func createTask(_ draft: TaskDraft, userId: Int64, now: Date) async throws -> (task: StepTask, created: Bool) {
        try await writer.write { db in
            if let clientId = draft.clientId,
               let existing = try TaskRow.owned(by: userId).filter(TaskRow.Columns.clientId == clientId).fetchFirstReadable(db) {
                return (try Self.existingTask(db, id: try existing.savedId, userId: userId), false)
            }
            guard draft.stepTitles.count <= TaskRules.maxStepsPerTask else { throw TaskStepsError.tooManySteps(limit: TaskRules.maxStepsPerTask) }
            let position = try TaskRow.owned(by: userId).fetchCount(db)
            var row = TaskRow(
                id: nil, userId: userId, title: draft.title, notes: draft.notes, dueDate: draft.dueDate?.description,
                tags: TaskRow.encode(tags: draft.tags), position: position, isArchived: false, completedAt: nil, goalId: draft.goalId,
                clientId: draft.clientId, createdAt: now, updatedAt: now
            )
            try row.insert(db)
            for (index, title) in draft.stepTitles.enumerated() {
                var step = TaskStepRow(id: nil, userId: userId, taskId: try row.savedId, title: title, position: index, completedAt: nil, clientId: nil, createdAt: now)
                try step.insert(db)
            }
            return (try Self.existingTask(db, id: try row.savedId, userId: userId), true)
        }
    }

    /// Applies `change` and returns the task, or nil when the user has no such task.
    public func updateTask(id: Int64, userId: Int64, change: TaskChange, now: Date) async throws -> StepTask? {
        try await writer.write { db in
            guard var row = try TaskRow.owned(by: userId).filter(key: id).fetchFirstReadable(db) else { return nil }
            if let title = change.title { row.title = title }
            if let notes = change.notes { row.notes = notes }
            if let dueDate = change.dueDate { row.dueDate = dueDate?.description }
            if let tags = change.tags { row.tags = TaskRow.encode(tags: tags) }
            if let isArchived = change.isArchived { row.isArchived = isArchived }
            row.updatedAt = now
            try row.update(db)
            return try Self.task(db, id: id, userId: userId)
        }
    }

    /// Deletes the task and its steps; the tasks after it move up so positions stay 0, 1, 2, …
    public func deleteTask(id: Int64, userId: Int64) async throws -> Bool {
        try await writer.write { db in
            guard try TaskRow.owned(by: userId).filter(key: id).deleteAll(db) > 0 else { return false }
            try Self.renumberTasks(db, userId: userId, order: nil)
            return true
        }
    }

    /// Puts the user's tasks in exactly `order`, which must list every one of them once.
    public func reorderTasks(userId: Int64, order: [Int64], now: Date) async throws -> [StepTask] {
        try await writer.write { db in
            let current = try Int64.fetchAll(db, TaskRow.owned(by: userId).select(\.id).order(\.position))
            let validated = try Reordering.validated(order, current: current)
            try Self.renumberTasks(db, userId: userId, order: validated)
            return try Self.tasks(db, userId: userId)
        }
    }

    /// Adds a step at the end of the task. Nil when the user has no such task. A retry with the same `clientId`
    /// returns the step the first attempt made.
    public func addStep(taskId: Int64, userId: Int64, title: String, clientId: String?, now: Date) async throws -> (task: StepTask, step: TaskStep, created: Bool)? {
        try await writer.write { db in
            guard try TaskRow.owned(by: userId).filter(key: taskId).fetchCount(db) > 0 else { return nil }
            if let clientId, try TaskStepRow.owned(by: userId).filter(TaskStepRow.Columns.clientId == clientId && TaskStepRow.Columns.taskId != taskId).fetchCount(db) > 0 {
                throw TaskStepsError.clientIdInUse
            }
            if let clientId,
               let existing = try TaskStepRow.owned(by: userId).filter(TaskStepRow.Columns.clientId == clientId).fetchFirstReadable(db),
               existing.taskId == taskId {
                return (try Self.existingTask(db, id: taskId, userId: userId), try existing.step(), false)
            }
            let count = try TaskStepRow.filter { $0.taskId == taskId }.fetchCount(db)
            guard count < TaskRules.maxStepsPerTask else { throw TaskStepsError.tooManySteps(limit: TaskRules.maxStepsPerTask) }
            var row = TaskStepRow(id: nil, userId: userId, taskId: taskId, title: title, position: count, completedAt: nil, clientId: clientId, createdAt: now)
            try row.insert(db)
            try Self.markChanged(db, taskId: taskId, userId: userId, now: now)
            let task = try Self.settleCompletion(db, taskId: taskId, userId: userId, now: now)
            return (task, try row.step(), true)
        }
    }

    /// Renames a step and/or marks it done or not done. Marking a done step done again keeps its original
    /// completion time, so a retried tap never moves a completion to another day.
    public func updateStep(taskId: Int64, stepId: Int64, userId: Int64, title: String?, done: Bool?, now: Date) async throws -> StepTask? {
        try await writer.write { db in
            guard var row = try Self.stepRow(db, taskId: taskId, stepId: stepId, userId: userId) else { return nil }
            if let title, title != row.title {
                row.title = title
                try Self.markChanged(db, taskId: taskId, userId: userId, now: now)
            }
            if let done {
                if done, row.completedAt == nil { row.completedAt = now }
                if !done { row.completedAt = nil }
            }
            try row.update(db)
            return try Self.settleCompletion(db, taskId: taskId, userId: userId, now: now)
        }
    }

    public func deleteStep(taskId: Int64, stepId: Int64, userId: Int64, now: Date) async throws -> StepTask? {
        try await writer.write { db in
            guard let row = try Self.stepRow(db, taskId: taskId, stepId: stepId, userId: userId) else { return nil }
            try row.delete(db)
            try Self.markChanged(db, taskId: taskId, userId: userId, now: now)
            let remaining = try Int64.fetchAll(db, TaskStepRow.select(\.id).filter { $0.taskId == taskId }.order(\.position))
            try Self.renumberSteps(db, order: remaining)
            return try Self.settleCompletion(db, taskId: taskId, userId: userId, now: now)
        }
    }

    /// Puts the task's steps in exactly `order`. Nil when the user has no such task. A new order changes the task
    /// (`markChanged`): the order of steps is part of what a create sent, so a late retry of that create must be
    /// able to tell a reordered task from a different request. The same order again changes nothing.
    public func reorderSteps(taskId: Int64, userId: Int64, order: [Int64], now: Date) async throws -> StepTask? {
        try await writer.write { db in
            guard try TaskRow.owned(by: userId).filter(key: taskId).fetchCount(db) > 0 else { return nil }
            let current = try Int64.fetchAll(db, TaskStepRow.select(\.id).filter { $0.taskId == taskId }.order { [$0.position, $0.id] })
            let validated = try Reordering.validated(order, current: current)
            if validated != current {
                try Self.renumberSteps(db, order: validated)
                try Self.markChanged(db, taskId: taskId, userId: userId, now: now)
            }
            return try Self.task(db, id: taskId, userId: userId)
        }
    }

    /// When each of the user's completed steps was completed, for statistics and the activity calendar.
    public func stepCompletions(userId: Int64, since: Date) async throws -> [Date] {
        try await reader.read { db in
            try Date.fetchReadable(
                db,
                TaskStepRow.owned(by: userId)
                    .select(\.completedAt)
                    .filter { $0.completedAt >= since }
                    .order(\.completedAt)
            )
        }
    }

    // MARK: - Inside a transaction

    static func tasks(_ db: Database, userId: Int64) throws -> [StepTask] {
        let rows = try TaskRow.owned(by: userId).order { [$0.position, $0.id] }.fetchReadable(db)
        let steps = try TaskStepRow.owned(by: userId).order { [$0.position, $0.id] }.fetchReadable(db)
        let byTask = Dictionary(grouping: steps, by: \.taskId)
        return try rows.map { row in try row.task(steps: (byTask[try row.savedId] ?? []).map { try $0.step() }) }
    }

    static func task(_ db: Database, id: Int64, userId: Int64) throws -> StepTask? {
        guard let row = try TaskRow.owned(by: userId).filter(key: id).fetchFirstReadable(db) else { return nil }
        let steps = try TaskStepRow.filter { $0.taskId == id }.order { [$0.position, $0.id] }.fetchReadable(db)
        return try row.task(steps: steps.map { try $0.step() })
    }

    /// A task the transaction just wrote or found; its absence would be a bug, reported rather than crashing.
    static func existingTask(_ db: Database, id: Int64, userId: Int64) throws -> StepTask {
        guard let task = try task(db, id: id, userId: userId) else {
            throw StoredRowError(table: TaskRow.databaseTableName, column: "id", id: String(id))
        }
        return task
    }

    static func stepRow(_ db: Database, taskId: Int64, stepId: Int64, userId: Int64) throws -> TaskStepRow? {
        try TaskStepRow.owned(by: userId).filter(key: stepId).filter { $0.taskId == taskId }.fetchFirstReadable(db)
    }

    /// Records the task as completed when its last open step was just ticked, and clears that when a step
    /// is reopened or added — the rule lives in the domain (`completionAfterStepChange`).
    static func settleCompletion(_ db: Database, taskId: Int64, userId: Int64, now: Date) throws -> StepTask {
        var task = try existingTask(db, id: taskId, userId: userId)
        let completion = task.completionAfterStepChange()
        if completion != task.completedAt {
            try TaskRow.owned(by: userId).filter(key: taskId).updateAll(db) { [$0.completedAt.set(to: completion), $0.updatedAt.set(to: now)] }
            task.completedAt = completion
        }
        return task
    }

    /// Sets the task's `updatedAt`: a step added, renamed, deleted or moved changes the task, so a retried create under
    /// its clientId can tell the task was edited since (`taskLastChange`).
    static func markChanged(_ db: Database, taskId: Int64, userId: Int64, now: Date) throws {
        try TaskRow.owned(by: userId).filter(key: taskId).updateAll(db) { $0.updatedAt.set(to: now) }
    }

    /// Dense positions 0, 1, 2, … in `order`, or in the current order when nil.
    static func renumberTasks(_ db: Database, userId: Int64, order: [Int64]?) throws {
        let ids = try order ?? Int64.fetchAll(db, TaskRow.owned(by: userId).select(\.id).order { [$0.position, $0.id] })
        for (position, id) in ids.enumerated() {
            try TaskRow.owned(by: userId).filter(key: id).updateAll(db) { $0.position.set(to: position) }
        }
    }

    static func renumberSteps(_ db: Database, order: [Int64]) throws {
        for (position, id) in order.enumerated() {
            try TaskStepRow.filter(key: id).updateAll(db) { $0.position.set(to: position) }
        }
    }
}

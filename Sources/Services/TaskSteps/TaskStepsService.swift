import Foundation
import Health
import Storage
import TaskSteps

/// Step tasks for the API, the pages and the CLI: one owner's tasks and steps, each change validated by the domain
/// rules before it is stored. A task or step that does not exist, or belongs to someone else, is `notFound` alike.
public struct TaskStepsService: Sendable {
    public let database: AppDatabase

    public init(database: AppDatabase) {
        self.database = database
    }

    /// What adding a step did: the step, the task it is in, and whether it is new (false: the client id was known).
    public typealias AddedStep = (task: StepTask, step: TaskStep, created: Bool)

    public func tasks(userId: Int64) async throws -> [StepTask] {
        try await database.tasks(userId: userId)
    }

    /// A page of `tasks` (already in list order) after the cursor's position. A person's list is read whole for the
    /// overall progress anyway, so the cut happens here; the cursor is the position and id of the last task shown.
    public static func page(of tasks: [StepTask], _ page: PageRequest) -> Page<StepTask> {
        let rest = tasks.filter { task in
            guard let cursor = page.cursor else { return true }
            return (Int64(task.position), task.id) > (cursor.sortKey, cursor.id)
        }
        let items = Array(rest.prefix(page.limit))
        let next = rest.count > page.limit ? items.last.map { PageCursor(sortKey: Int64($0.position), id: $0.id) } : nil
        return Page(items: items, nextCursor: next)
    }

    public func task(id: Int64, userId: Int64) async throws -> StepTask {
        guard let task = try await database.task(id: id, userId: userId) else { throw ServiceError.notFound }
        return task
    }

    /// Creates the task, or returns the one made earlier with the same client id (`created` false) when this is a
    /// retry of it (`TaskRetry`); the same client id with another task is refused with `IdempotencyKeyReused`.
    public func create(_ draft: TaskDraft, userId: Int64, now: Date) async throws -> (task: StepTask, created: Bool) {
        let outcome = try await database.createTask(draft, userId: userId, now: now)
        // A replay stored nothing, so refusing it after the fact leaves the first task as it was.
        if !outcome.created {
            let lastChange = try await database.taskLastChange(id: outcome.task.id, userId: userId)
            guard TaskRetry.isRetry(of: draft, answeredBy: outcome.task, lastChange: lastChange) else {
                throw IdempotencyKeyReused(field: "clientId")
            }
        }
        return outcome
    }

    public func update(id: Int64, userId: Int64, change: TaskChange, now: Date) async throws -> StepTask {
        guard let task = try await database.updateTask(id: id, userId: userId, change: change, now: now) else { throw ServiceError.notFound }
        return task
    }

    public func delete(id: Int64, userId: Int64) async throws {
        guard try await database.deleteTask(id: id, userId: userId) else { throw ServiceError.notFound }
    }

    /// The tasks in the given order (ids not given keep their relative order after them).
    public func reorder(userId: Int64, order: [Int64], now: Date) async throws -> [StepTask] {
        try await database.reorderTasks(userId: userId, order: order, now: now)
    }

    /// Adds a step titled as typed; the title is checked by the domain's rules first. A client id used before
    /// answers with its step when this is a retry of it (`TaskRetry`) and is refused with `IdempotencyKeyReused`
    /// when the title differs.
    public func addStep(taskId: Int64, userId: Int64, title: String, clientId: String?, now: Date) async throws -> AddedStep {
        let title = try TaskRules.title(title, field: .step)
        guard let added = try await database.addStep(taskId: taskId, userId: userId, title: title, clientId: clientId, now: now) else {
            throw ServiceError.notFound
        }
        if !added.created {
            let createdAt = try await database.stepCreatedAt(id: added.step.id, userId: userId)
            let taskLastChange = try await database.taskLastChange(id: taskId, userId: userId)
            guard TaskRetry.isRetry(ofStepTitled: title, answeredBy: added.step, createdAt: createdAt, taskLastChange: taskLastChange) else {
                throw IdempotencyKeyReused(field: "clientId")
            }
        }
        return added
    }

    /// Renames a step and/or ticks or unticks it.
    public func updateStep(taskId: Int64, stepId: Int64, userId: Int64, title: String?, done: Bool?, now: Date) async throws -> StepTask {
        let title = try title.map { title throws(TaskStepsError) in try TaskRules.title(title, field: .step) }
        guard let task = try await database.updateStep(taskId: taskId, stepId: stepId, userId: userId, title: title, done: done, now: now) else {
            throw ServiceError.notFound
        }
        if done != nil { await MotivationService(database: database).refreshBadgesAfterWrite(userId: userId, now: now) }
        return task
    }

    public func deleteStep(taskId: Int64, stepId: Int64, userId: Int64, now: Date) async throws {
        guard try await database.deleteStep(taskId: taskId, stepId: stepId, userId: userId, now: now) != nil else { throw ServiceError.notFound }
    }

    public func reorderSteps(taskId: Int64, userId: Int64, order: [Int64], now: Date) async throws -> StepTask {
        guard let task = try await database.reorderSteps(taskId: taskId, userId: userId, order: order, now: now) else { throw ServiceError.notFound }
        return task
    }

    /// Moves one step a place up or down.
    public func moveStep(taskId: Int64, stepId: Int64, userId: Int64, direction: Reordering.Direction, now: Date) async throws -> StepTask {
        let task = try await task(id: taskId, userId: userId)
        guard task.steps.contains(where: { $0.id == stepId }) else { throw ServiceError.notFound }
        return try await reorderSteps(taskId: taskId, userId: userId, order: Reordering.moving(stepId, direction, in: task.steps.map(\.id)), now: now)
    }

    /// Step completions of the last `days` days (today included), in the user's time zone.
    public func activity(userId: Int64, timeZone: TimeZone, days: Int, now: Date) async throws -> StepActivity {
        let first = LocalDay(now, in: timeZone).adding(days: -(days - 1))
        return StepActivity(completions: try await database.stepCompletions(userId: userId, since: first.start(in: timeZone)), timeZone: timeZone)
    }
}

import Foundation
import Health
import Storage
import TaskSteps

/// Tasks and steps as a JSON document or a CSV file with one row per step (a task without steps gets one
/// row with the step columns empty), so a spreadsheet shows the whole plan.
public struct TaskExporter: Sendable {
    public let database: AppDatabase

    public init(database: AppDatabase) {
        self.database = database
    }

    public static let csvHeader = [
        "task_id", "task_title", "task_position", "notes", "due_date", "tags", "archived", "task_created_at",
        "task_completed_at", "step_id", "step_title", "step_position", "step_done", "step_completed_at", "time_zone",
    ]

    public struct Document: Encodable {
        let format = "kiroku-tasks"
        let version = 1
        let exportedAt: Date
        let tasks: [TaskResponse]
    }

    public func json(userId: Int64, now: Date) async throws -> Data {
        let tasks = try await database.tasks(userId: userId).map(TaskResponse.init)
        let encoder = APIJSON.makeEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        return try encoder.encode(Document(exportedAt: now, tasks: tasks))
    }

    /// Times on the wall clock of `timeZone` (see `SpreadsheetCSV`).
    public func csv(userId: Int64, timeZone: TimeZone) async throws -> String {
        let clock = SpreadsheetCSV.Clock(timeZone: timeZone)
        var lines = [Self.csvHeader.joined(separator: ",")]
        for task in try await database.tasks(userId: userId) {
            let taskFields: [String] = [
                String(task.id), task.title, String(task.position), task.notes, task.dueDate?.description ?? "",
                task.tags.joined(separator: " "), task.isArchived ? "true" : "false", clock.format(task.createdAt),
                task.completedAt.map(clock.format) ?? "",
            ]
            let stepRows: [[String]] = task.steps.isEmpty ? [["", "", "", "", "", timeZone.identifier]] : task.steps.map { step in
                [String(step.id), step.title, String(step.position), step.isDone ? "true" : "false", step.completedAt.map(clock.format) ?? "", timeZone.identifier]
            }
            for stepFields in stepRows {
                lines.append((taskFields + stepFields).map(DataExporter.csvField).joined(separator: ","))
            }
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }
}

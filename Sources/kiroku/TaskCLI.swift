import Foundation
import Health
import Services
import Storage
import TaskSteps

/// What the tasks commands share: turning refusals into CLI errors and printing a task.
enum TaskCLI {
    static func checked<Value>(_ body: () throws -> Value) throws -> Value {
        do {
            return try body()
        } catch let error as TaskStepsError {
            throw CLIError(error.message)
        }
    }

    static func checked<Value>(_ body: () async throws -> Value) async throws -> Value {
        do {
            return try await body()
        } catch let error as TaskStepsError {
            throw CLIError(error.message)
        }
    }

    /// As `checked`, and "no such task" when the service found none (or the step is not in it).
    static func checked<Value>(task id: Int64, step: Int64? = nil, _ body: () async throws -> Value) async throws -> Value {
        do {
            return try await checked(body)
        } catch ServiceError.notFound {
            guard let step else { throw noSuchTask(id) }
            throw CLIError(.init(ja: "タスク \(id) にステップ \(step) はありません。", en: "Task \(id) has no step \(step)."))
        }
    }

    static func noSuchTask(_ id: Int64) -> CLIError {
        CLIError(.init(ja: "タスク \(id) は見つかりません。", en: "Task \(id) was not found."))
    }

    static func task(_ id: Int64, tasks: TaskStepsService, user: User) async throws -> StepTask {
        try await checked(task: id) { try await tasks.task(id: id, userId: user.savedId) }
    }

    static func mark(task: Int64, step: Int64, done: Bool, owner: TasksCommand.Owner) async throws {
        let (tasks, user) = try await owner.open()
        let updated = try await checked(task: task, step: step) {
            try await tasks.updateStep(taskId: task, stepId: step, userId: user.savedId, title: nil, done: done, now: Date())
        }
        print(describe(updated, timeZone: user.resolvedTimeZone))
    }

    /// The task's title, a progress bar and every step with its id and a check box.
    static func describe(_ task: StepTask, timeZone: TimeZone) -> String {
        let language = Language.terminal
        var lines = ["\(task.title)  \(TextProgressBar.render(task.progress))  \(task.progress.completed)/\(task.progress.total)"]
        if task.isCompleted {
            lines.append(LocalizedText(ja: "🎉 すべてのステップが完了しました！", en: "🎉 Every step is done!").text(in: language))
        }
        if let due = task.dueDate {
            lines.append(LocalizedText(ja: "期限: \(due)", en: "Due: \(due)").text(in: language))
        }
        for step in task.steps {
            lines.append("  [\(step.isDone ? "x" : " ")] \(step.title)  (#\(step.id))")
        }
        if task.steps.isEmpty {
            lines.append(LocalizedText(ja: "  まだステップがありません。", en: "  No steps yet.").text(in: language))
        }
        return lines.joined(separator: "\n")
    }
}

/// "████░░░░░░ 40%": progress a terminal can show without colour.
enum TextProgressBar {
    static func render(_ progress: TaskProgress, width: Int = 10) -> String {
        let filled = progress.total == 0 ? 0 : progress.completed * width / progress.total
        return String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled) + " \(progress.percent)%"
    }
}

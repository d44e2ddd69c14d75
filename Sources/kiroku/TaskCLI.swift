import Foundation
import Health
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

    static func noSuchTask(_ id: Int64) -> CLIError {
        CLIError(.init(ja: "タスク \(id) は見つかりません。", en: "Task \(id) was not found."))
    }

    static func task(_ id: Int64, database: AppDatabase, user: User) async throws -> StepTask {
        guard let task = try await database.task(id: id, userId: user.savedId) else { throw noSuchTask(id) }
        return task
    }

    static func mark(task: Int64, step: Int64, done: Bool, owner: TasksCommand.Owner) async throws {
        let (database, user) = try await owner.open()
        guard let updated = try await database.updateStep(taskId: task, stepId: step, userId: user.savedId, title: nil, done: done, now: Date()) else {
            throw CLIError(.init(ja: "タスク \(task) にステップ \(step) はありません。", en: "Task \(task) has no step \(step)."))
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

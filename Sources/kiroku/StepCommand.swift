import ArgumentParser
import Foundation
import Health
import Services
import Storage
import TaskSteps

/// `kiroku tasks step add|done|undo`.
struct StepCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "step",
        abstract: "Add, tick or untick a step.",
        subcommands: [Add.self, Done.self, Undo.self]
    )

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add a step at the end of a task.")

        @OptionGroup var owner: TasksCommand.Owner
        @Argument(help: "Task id.") var task: Int64
        @Argument(help: "The step's title.") var title: String

        func run() async throws {
            let (tasks, user) = try await owner.open()
            let outcome = try await TaskCLI.checked(task: task) {
                try await tasks.addStep(taskId: task, userId: user.savedId, title: title, clientId: nil, now: Date())
            }
            print(TaskCLI.describe(outcome.task, timeZone: user.resolvedTimeZone))
        }
    }

    struct Done: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Mark a step done.")

        @OptionGroup var owner: TasksCommand.Owner
        @Argument(help: "Task id.") var task: Int64
        @Argument(help: "Step id (shown by `tasks show`).") var step: Int64

        func run() async throws {
            try await TaskCLI.mark(task: task, step: step, done: true, owner: owner)
        }
    }

    struct Undo: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Mark a step not done again.")

        @OptionGroup var owner: TasksCommand.Owner
        @Argument(help: "Task id.") var task: Int64
        @Argument(help: "Step id (shown by `tasks show`).") var step: Int64

        func run() async throws {
            try await TaskCLI.mark(task: task, step: step, done: false, owner: owner)
        }
    }
}

import ArgumentParser
import Foundation
import Health
import Services
import Storage
import TaskSteps

/// `kiroku tasks …`: the step tasks of one user, from the terminal.
struct TasksCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tasks",
        abstract: "Plan tasks in small steps and tick them off.",
        subcommands: [List.self, Add.self, Show.self, StepCommand.self, Export.self],
        defaultSubcommand: List.self
    )

    /// The options every tasks subcommand shares.
    struct Owner: ParsableArguments {
        @OptionGroup var data: DataOptions
        @Option(help: "Owner's username.") var user: String

        func open() async throws -> (TaskStepsService, User) {
            let database = try data.openDatabase()
            return (TaskStepsService(database: database), try await data.user(user, in: database))
        }

        /// The exporter of the owner's tasks, for `tasks export`.
        func openExporter() async throws -> (TaskExporter, User) {
            let database = try data.openDatabase()
            return (TaskExporter(database: database), try await data.user(user, in: database))
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List tasks with their progress.")

        @OptionGroup var owner: Owner
        @Option(help: "all, in-progress, completed, due-soon or archived.") var filter: String = "all"
        @Option(help: "Only tasks with this tag.") var tag: String?

        func run() async throws {
            let (tasksService, user) = try await owner.open()
            guard let chosen = TaskFilter(name: filter, tag: tag) else {
                throw CLIError(.init(ja: "絞り込み「\(filter)」はありません。", en: "There is no filter “\(filter)”."))
            }
            let tasks = try await tasksService.tasks(userId: user.savedId)
            let today = LocalDay(Date(), in: user.resolvedTimeZone)
            let language = Language.terminal
            let header = language == .ja ? ["ID", "タスク", "進み具合", "ステップ", "期限", "タグ"] : ["ID", "TASK", "PROGRESS", "STEPS", "DUE", "TAGS"]
            let rows = chosen.apply(tasks, today: today).map { task in
                [
                    String(task.id), task.title, TextProgressBar.render(task.progress),
                    "\(task.progress.completed)/\(task.progress.total)", task.dueDate?.description ?? "—",
                    task.tags.map { "#" + $0 }.joined(separator: " "),
                ]
            }
            print(Table(header: header, rows: rows).render())
            let overall = TaskProgress.overall(tasks)
            print(LocalizedText(
                ja: "全体: \(TextProgressBar.render(overall))（\(overall.completed)/\(overall.total) ステップ）",
                en: "Overall: \(TextProgressBar.render(overall)) (\(overall.completed)/\(overall.total) steps)"
            ).text(in: language))
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Create a task, optionally with its steps.")

        @OptionGroup var owner: Owner
        @Argument(help: "The task's title.") var title: String
        @Option(name: .customLong("step"), help: "A step (repeat for several, in order).") var steps: [String] = []
        @Option(help: "Due date, YYYY-MM-DD.") var due: String?
        @Option(name: .customLong("tag"), help: "A tag (repeatable).") var tags: [String] = []

        func run() async throws {
            let (tasks, user) = try await owner.open()
            let draft = try TaskCLI.checked {
                TaskDraft(
                    title: try TaskRules.title(title, field: .task), dueDate: try TaskRules.dueDate(due), tags: try TaskRules.tags(tags),
                    stepTitles: try steps.map { step throws(TaskStepsError) in try TaskRules.title(step, field: .step) }
                )
            }
            let task = try await TaskCLI.checked { try await tasks.create(draft, userId: user.savedId, now: Date()).task }
            print(LocalizedText(ja: "作成しました（ID \(task.id)、ステップ \(task.steps.count) 個）", en: "Created task \(task.id) with \(task.steps.count) steps.").text(in: .terminal))
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show one task and its steps.")

        @OptionGroup var owner: Owner
        @Argument(help: "Task id.") var id: Int64

        func run() async throws {
            let (tasks, user) = try await owner.open()
            let task = try await TaskCLI.task(id, tasks: tasks, user: user)
            print(TaskCLI.describe(task, timeZone: user.resolvedTimeZone))
        }
    }

    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Export all tasks and steps as JSON or CSV.")

        @OptionGroup var owner: Owner
        @Option(help: "csv or json.") var format: ExportCommand.Format = .json
        @Option(name: .shortAndLong, help: "Write to this file (mode 0600) instead of standard output.") var output: String?
        @Flag(name: .customLong("no-bom"), help: ExportCommand.noBOMHelp) var noBOM = false

        func run() async throws {
            let (exporter, user) = try await owner.openExporter()
            let bytes: Data
            switch format {
            case .csv: bytes = SpreadsheetCSV.bytes(try await exporter.csv(userId: user.savedId, timeZone: user.resolvedTimeZone), byteOrderMark: !noBOM)
            case .json: bytes = try await exporter.json(userId: user.savedId, now: Date())
            }
            try ExportOutput.write(bytes, to: output)
        }
    }
}

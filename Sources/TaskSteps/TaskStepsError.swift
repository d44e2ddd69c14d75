import Foundation
import Health

/// Why a task or step change was refused: a stable code, a message in Japanese and English, the HTTP status.
public typealias TaskStepsError = DomainRefusal<TaskStepsDomain>

/// Marks the TaskStepsError refusals.
public enum TaskStepsDomain: Sendable {}

extension DomainRefusal where Domain == TaskStepsDomain {
    public static func emptyTitle(_ field: TitleField) -> TaskStepsError {
        TaskStepsError(
            code: "empty_title",
            message: .init(ja: "\(field.name.ja)を入力してください。", en: "Please enter a \(field.name.en.lowercased()).")
        )
    }

    public static func titleTooLong(_ field: TitleField, limit: Int) -> TaskStepsError {
        TaskStepsError(
            code: "title_too_long",
            message: .init(
                ja: "\(field.name.ja)は\(limit)文字以内にしてください。",
                en: "The \(field.name.en.lowercased()) must be at most \(limit) characters."
            )
        )
    }

    public static func tooManySteps(limit: Int) -> TaskStepsError {
        TaskStepsError(
            code: "too_many_steps",
            message: .init(
                ja: "ステップは1つのタスクに\(limit)個までです。タスクを分けてみましょう。",
                en: "A task can have at most \(limit) steps. Try splitting it into two tasks."
            )
        )
    }

    public static var notesTooLong: TaskStepsError {
        TaskStepsError(
            code: "notes_too_long",
            message: .init(ja: "メモは\(TaskRules.maxNotesLength)文字以内にしてください。", en: "Notes must be at most \(TaskRules.maxNotesLength) characters.")
        )
    }

    public static var invalidTag: TaskStepsError {
        TaskStepsError(
            code: "invalid_tag",
            message: .init(
                ja: "タグは空白を含まない\(TaskRules.maxTagLength)文字以内の言葉で、1つのタスクに\(TaskRules.maxTags)個までです。",
                en: "Tags are words without spaces of at most \(TaskRules.maxTagLength) characters, at most \(TaskRules.maxTags) per task."
            )
        )
    }

    public static var invalidDueDate: TaskStepsError {
        TaskStepsError(
            code: "invalid_due_date",
            message: .init(ja: "期限は YYYY-MM-DD の形式で入力してください。", en: "Enter the due date as YYYY-MM-DD.")
        )
    }

    /// A due date in the YYYY-MM-DD form that no calendar has (2026-02-30, 2026-13-01); `problem` says why.
    public static func nonexistentDueDate(_ text: String, problem: DateTextProblem) -> TaskStepsError {
        TaskStepsError(
            code: "invalid_due_date",
            message: .init(
                ja: "期限の日付「\(text)」はありません（\(problem.reason.ja)）。",
                en: "The due date \(text) does not exist (\(problem.reason.en))."
            )
        )
    }

    /// A reorder must name every item exactly once, so a stale client can't silently drop or duplicate one.
    public static var invalidOrder: TaskStepsError {
        TaskStepsError(
            code: "invalid_order",
            message: .init(
                ja: "並び順には、すべての項目をちょうど1回ずつ指定してください。画面を更新してからやり直してください。",
                en: "The new order must list every item exactly once. Reload and try again."
            )
        )
    }

    /// A step's client id names that one step: sent again with another task, it is a client's mistake, not a retry.
    public static var clientIdInUse: TaskStepsError {
        TaskStepsError(
            code: "client_id_in_use",
            message: .init(
                ja: "この clientId はすでに別のタスクのステップに使われています。新しい clientId で送ってください。",
                en: "This clientId is already used by a step of another task. Send the step with a new clientId."
            ),
            httpStatus: 409
        )
    }

    /// Which title a message is about.
    public enum TitleField: Sendable {
        case task
        case step

        var name: LocalizedText {
            switch self {
            case .task: .init(ja: "タスク名", en: "Task title")
            case .step: .init(ja: "ステップ名", en: "Step title")
            }
        }
    }
}

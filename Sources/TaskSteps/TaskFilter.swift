import Foundation
import Health

/// The list views people asked for in the BabySteps backlog.
public enum TaskFilter: Sendable, Hashable {
    case all
    case inProgress
    case completed
    case tagged(String)
    /// Open tasks due within the next `TaskFilter.dueSoonDays` days, overdue ones included.
    case dueSoon
    case archived

    public static let dueSoonDays = 3

    /// The filter names `init(name:tag:)` accepts, for a refusal to list.
    public static let names = ["all", "in-progress", "completed", "due-soon", "archived"]

    /// Parses the `filter` query value ("all", "in-progress", "completed", "due-soon", "archived") plus an optional tag.
    /// A filter name that is not one of these is refused even when a tag is given (the tag then decides the view).
    public init?(name: String?, tag: String?) {
        let named: TaskFilter
        switch name ?? "all" {
        case "all": named = .all
        case "in-progress": named = .inProgress
        case "completed": named = .completed
        case "due-soon": named = .dueSoon
        case "archived": named = .archived
        default: return nil
        }
        if let tag, !tag.isEmpty {
            self = .tagged(tag)
        } else {
            self = named
        }
    }

    public var name: String {
        switch self {
        case .all, .tagged: "all"
        case .inProgress: "in-progress"
        case .completed: "completed"
        case .dueSoon: "due-soon"
        case .archived: "archived"
        }
    }

    /// Archived tasks appear only under `.archived`; every other view is of active tasks.
    public func includes(_ task: StepTask, today: LocalDay) -> Bool {
        if case .archived = self { return task.isArchived }
        guard !task.isArchived else { return false }
        switch self {
        case .all, .archived: return true
        case .inProgress: return !task.isCompleted
        case .completed: return task.isCompleted
        case .tagged(let tag): return task.tags.contains { $0.caseInsensitiveCompare(tag) == .orderedSame }
        case .dueSoon:
            guard let due = task.dueDate, !task.isCompleted else { return false }
            return today.days(until: due) <= Self.dueSoonDays
        }
    }

    public func apply(_ tasks: [StepTask], today: LocalDay) -> [StepTask] {
        tasks.filter { includes($0, today: today) }
    }
}

import Charts
import Foundation
import Health
import Hummingbird
import Services
import Storage
import TaskSteps

/// `/tasks` and `/tasks/{id}`: plan a task in steps and tick them off, one form submit per tap, no JavaScript
/// needed. Every form names the state it wants ("done" = 1 or 0) rather than toggling, so a double tap or a
/// resubmitted form lands in the same place.
struct TaskStepsWebController {
    let tasks: TaskStepsService
    let pages: WebRenderer
    let csrf: CSRFProtection

    struct NewTaskForm: PostedForm {
        var title: String?
        var steps: String?
        var due: String?
        var tags: String?
        var csrf: String?
    }

    struct EditTaskForm: PostedForm {
        var title: String?
        var notes: String?
        var due: String?
        var tags: String?
        var csrf: String?
    }

    struct StepForm: PostedForm {
        var title: String?
        var done: String?
        var direction: String?
        var ids: String?
        var archived: String?
        var csrf: String?
    }

    /// Pages for a signed-in user: mounted behind the sign-in guard and the CSRF guard.
    var endpoints: RouteCollection<AppRequestContext> {
        let routes = RouteCollection(context: AppRequestContext.self)
        routes.get("tasks", use: list)
        routes.post("tasks", use: create)
        routes.get("tasks/{id}", use: show)
        routes.post("tasks/{id}/edit", use: edit)
        routes.post("tasks/{id}/move", use: moveTask)
        routes.post("tasks/{id}/archive", use: archive)
        routes.post("tasks/{id}/delete", use: delete)
        routes.post("tasks/{id}/steps", use: addStep)
        routes.post("tasks/{id}/steps/order", use: reorderSteps)
        routes.post("tasks/{id}/steps/{stepId}/done", use: markStep)
        routes.post("tasks/{id}/steps/{stepId}/move", use: moveStep)
        routes.post("tasks/{id}/steps/{stepId}/rename", use: renameStep)
        routes.post("tasks/{id}/steps/{stepId}/delete", use: deleteStep)
        return routes
    }

    // MARK: - List

    @Sendable func list(request: Request, context: AppRequestContext) async throws -> Response {
        return try await listPage(request: request, context: context)
    }

    func listPage(request: Request, context: AppRequestContext, form: NewTaskForm = NewTaskForm(), error: String? = nil) async throws -> Response {
        let user = try context.requireUser()
        let language = context.language
        let strings = WebStrings.table(language)
        let timeZone = user.resolvedTimeZone
        let now = context.now
        let today = LocalDay(now, in: timeZone)
        let parameters = request.uri.queryParameters
        let filter = TaskFilter(name: parameters["filter"].map(String.init), tag: parameters["tag"].map(String.init)) ?? .all
        let all = try await tasks.tasks(userId: user.savedId)
        let statistics = TaskStatistics(try await tasks.activity(userId: user.savedId, timeZone: timeZone, days: 366, now: now), timeZone: timeZone, days: 366, now: now)
        let shown = filter.apply(all, today: today)
        let movable = filter == .all

        var values = pages.base(context, title: strings["tasks"]!, csrf: csrf.token(for: request, context: context).token)
        values["navTasks"] = true
        values["overall"] = Self.progressValues(.overall(all))
        values["todayCount"] = statistics.completedToday
        values["streak"] = statistics.currentStreak
        values["longestStreak"] = statistics.longestStreak
        values["streakUnit"] = strings[statistics.currentStreak == 1 ? "taskDayUnit" : "taskDaysUnit"] ?? ""
        values["longestStreakUnit"] = strings[statistics.longestStreak == 1 ? "taskDayUnit" : "taskDaysUnit"] ?? ""
        values["filters"] = Self.filterLinks(current: filter, strings: strings)
        let allTags = Array(Set(all.filter { !$0.isArchived }.flatMap(\.tags))).sorted()
        values["hasTags"] = !allTags.isEmpty
        values["tags"] = allTags.map { tag -> [String: Any] in
            ["name": tag, "href": "/tasks?tag=" + (tag.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? tag), "current": filter == .tagged(tag)]
        }
        values["tasks"] = shown.enumerated().map { index, task -> [String: Any] in
            var item = Self.taskValues(task, today: today)
            item["canMoveUp"] = movable && index > 0
            item["canMoveDown"] = movable && index < shown.count - 1
            return item
        }
        values["empty"] = shown.isEmpty
        values["calendar"] = ActivityCalendar(
            counts: statistics.perDay.map { ChartPoint(date: $0.date.start(in: timeZone).addingTimeInterval(43_200), value: Double($0.count)) },
            lastDay: now, timeZone: timeZone, title: strings["taskCalendar"]!, unit: strings["taskStepsUnit"]!,
            language: language == .ja ? .ja : .en
        ).svg()
        values["form"] = ["title": form.title ?? "", "steps": form.steps ?? "", "due": form.due ?? "", "tags": form.tags ?? ""]
        if let error { values["error"] = error }
        if parameters["deleted"] != nil { values["notice"] = strings["deleted"] }
        return pages.render("tasks", values, status: error == nil ? .ok : .badRequest)
    }

    @Sendable func create(request: Request, context: AppRequestContext) async throws -> Response {
        let (userId, form) = try await posted(NewTaskForm.self, request, context)
        let draft: TaskDraft
        do throws(TaskStepsError) {
            draft = TaskDraft(
                title: try TaskRules.title(form.title ?? "", field: .task),
                dueDate: try TaskRules.dueDate(form.due),
                tags: try TaskRules.tags(fromField: form.tags ?? ""),
                stepTitles: try TaskRules.stepTitles(fromLines: form.steps ?? "")
            )
        } catch {
            return try await listPage(request: request, context: context, form: form, error: error.message.text(in: context.language))
        }
        let task = try await tasks.create(draft, userId: userId, now: context.now).task
        return .redirect(to: "/tasks/\(task.id)")
    }

    @Sendable func moveTask(request: Request, context: AppRequestContext) async throws -> Response {
        let (userId, form) = try await posted(StepForm.self, request, context)
        let id = try TaskStepsAPIController.id("id", context)
        guard let direction = form.direction.flatMap(Reordering.Direction.init) else { throw APIError.invalidParameter("direction", expected: .oneOf(Reordering.Direction.self)) }
        let all = try await tasks.tasks(userId: userId)
        guard all.contains(where: { $0.id == id }) else { throw APIError.notFound }
        // Moves past archived tasks, which the list does not show, so one tap always moves the task visibly.
        let active = all.filter { !$0.isArchived }.map(\.id)
        var moved = Reordering.moving(id, direction, in: active).makeIterator()
        // `moving` returns the same ids reordered, so there is one for every active task.
        let order = all.map { $0.isArchived ? $0.id : moved.next() ?? $0.id }
        _ = try await tasks.reorder(userId: userId, order: order, now: context.now)
        return .redirect(to: "/tasks#task-\(id)")
    }

    // MARK: - One task

    @Sendable func show(request: Request, context: AppRequestContext) async throws -> Response {
        return try await taskPage(request: request, context: context)
    }

    /// One task's page. `edit` is a refused edit form: the edit fields show what was typed and the form is open.
    func taskPage(
        request: Request, context: AppRequestContext, error: String? = nil, stepTitle: String = "", edit: EditTaskForm? = nil
    ) async throws -> Response {
        let user = try context.requireUser()
        let strings = WebStrings.table(context.language)
        let timeZone = user.resolvedTimeZone
        let task = try await tasks.task(id: try TaskStepsAPIController.id("id", context), userId: user.savedId)
        var values = pages.base(context, title: task.title, csrf: csrf.token(for: request, context: context).token)
        values["navTasks"] = true
        var taskValues = Self.taskValues(task, today: LocalDay(context.now, in: timeZone))
        if !task.notes.isEmpty { taskValues["notes"] = task.notes }
        // Keys are left out rather than set to "": Mustache treats an empty string as present.
        taskValues["completedAt"] = task.completedAt.map { WebFormatting.dateTime($0, timeZone: timeZone) }
        values["task"] = taskValues
        values["edit"] = [
            "title": edit?.title ?? task.title, "notes": edit?.notes ?? task.notes, "due": edit?.due ?? task.dueDate?.description ?? "",
            "tags": edit?.tags ?? task.tags.joined(separator: " "), "open": edit != nil,
        ] as [String: Any]
        values["steps"] = task.steps.enumerated().map { index, step -> [String: Any] in
            var item: [String: Any] = [
                "id": step.id, "title": step.title, "done": step.isDone,
                "canMoveUp": index > 0, "canMoveDown": index < task.steps.count - 1,
            ]
            item["completedAt"] = step.completedAt.map { WebFormatting.dateTime($0, timeZone: timeZone) }
            return item
        }
        values["stepIds"] = task.steps.map { String($0.id) }.joined(separator: ",")
        values["stepTitle"] = stepTitle
        values["noSteps"] = task.steps.isEmpty
        values["canDrag"] = task.steps.count > 1
        if let error { values["error"] = error }
        if request.uri.queryParameters["saved"] != nil { values["notice"] = strings["saved"] }
        return pages.render("task", values, status: error == nil ? .ok : .badRequest)
    }

    @Sendable func edit(request: Request, context: AppRequestContext) async throws -> Response {
        let (userId, form) = try await posted(EditTaskForm.self, request, context)
        let id = try TaskStepsAPIController.id("id", context)
        let change: TaskChange
        do throws(TaskStepsError) {
            change = TaskChange(
                title: try TaskRules.title(form.title ?? "", field: .task),
                notes: try TaskRules.notes(form.notes ?? ""),
                dueDate: .some(try TaskRules.dueDate(form.due)),
                tags: try TaskRules.tags(fromField: form.tags ?? "")
            )
        } catch {
            return try await taskPage(request: request, context: context, error: error.message.text(in: context.language), edit: form)
        }
        _ = try await tasks.update(id: id, userId: userId, change: change, now: context.now)
        return .redirect(to: "/tasks/\(id)?saved=1")
    }

    @Sendable func archive(request: Request, context: AppRequestContext) async throws -> Response {
        let (userId, form) = try await posted(StepForm.self, request, context)
        let id = try TaskStepsAPIController.id("id", context)
        let change = TaskChange(isArchived: form.archived == "1")
        _ = try await tasks.update(id: id, userId: userId, change: change, now: context.now)
        return .redirect(to: "/tasks/\(id)")
    }

    @Sendable func delete(request: Request, context: AppRequestContext) async throws -> Response {
        let userId = try context.requireUserId()
        try await tasks.delete(id: try TaskStepsAPIController.id("id", context), userId: userId)
        return .redirect(to: "/tasks?deleted=1")
    }

    // MARK: - Steps

    @Sendable func addStep(request: Request, context: AppRequestContext) async throws -> Response {
        let (userId, form) = try await posted(StepForm.self, request, context)
        let id = try TaskStepsAPIController.id("id", context)
        do {
            _ = try await tasks.addStep(taskId: id, userId: userId, title: form.title ?? "", clientId: nil, now: context.now)
        } catch let error as TaskStepsError {
            return try await taskPage(request: request, context: context, error: error.message.text(in: context.language), stepTitle: form.title ?? "")
        }
        return .redirect(to: "/tasks/\(id)#add-step")
    }

    @Sendable func markStep(request: Request, context: AppRequestContext) async throws -> Response {
        let (userId, form) = try await posted(StepForm.self, request, context)
        let (id, stepId) = (try TaskStepsAPIController.id("id", context), try TaskStepsAPIController.id("stepId", context))
        _ = try await tasks.updateStep(taskId: id, stepId: stepId, userId: userId, title: nil, done: form.done == "1", now: context.now)
        return .redirect(to: "/tasks/\(id)#step-\(stepId)")
    }

    @Sendable func renameStep(request: Request, context: AppRequestContext) async throws -> Response {
        let (userId, form) = try await posted(StepForm.self, request, context)
        let (id, stepId) = (try TaskStepsAPIController.id("id", context), try TaskStepsAPIController.id("stepId", context))
        let title: String
        do throws(TaskStepsError) {
            title = try TaskRules.title(form.title ?? "", field: .step)
        } catch {
            return try await taskPage(request: request, context: context, error: error.message.text(in: context.language))
        }
        _ = try await tasks.updateStep(taskId: id, stepId: stepId, userId: userId, title: title, done: nil, now: context.now)
        return .redirect(to: "/tasks/\(id)#step-\(stepId)")
    }

    @Sendable func moveStep(request: Request, context: AppRequestContext) async throws -> Response {
        let (userId, form) = try await posted(StepForm.self, request, context)
        let (id, stepId) = (try TaskStepsAPIController.id("id", context), try TaskStepsAPIController.id("stepId", context))
        guard let direction = form.direction.flatMap(Reordering.Direction.init) else { throw APIError.invalidParameter("direction", expected: .oneOf(Reordering.Direction.self)) }
        _ = try await tasks.moveStep(taskId: id, stepId: stepId, userId: userId, direction: direction, now: context.now)
        return .redirect(to: "/tasks/\(id)#step-\(stepId)")
    }

    /// The drag-and-drop script posts the whole new order here, as comma-separated step ids.
    @Sendable func reorderSteps(request: Request, context: AppRequestContext) async throws -> Response {
        let (userId, form) = try await posted(StepForm.self, request, context)
        let id = try TaskStepsAPIController.id("id", context)
        let ids = try (form.ids ?? "").split(separator: ",").map { text throws(APIError) -> Int64 in
            guard let id = Int64(text) else {
                throw APIError.invalidParameter("ids", expected: ExpectedValue(ja: "ステップの ID をカンマ区切りで指定してください", en: "expected step ids separated by commas"))
            }
            return id
        }
        _ = try await tasks.reorderSteps(taskId: id, userId: userId, order: ids, now: context.now)
        return .redirect(to: "/tasks/\(id)")
    }

    @Sendable func deleteStep(request: Request, context: AppRequestContext) async throws -> Response {
        let userId = try context.requireUserId()
        let (id, stepId) = (try TaskStepsAPIController.id("id", context), try TaskStepsAPIController.id("stepId", context))
        try await tasks.deleteStep(taskId: id, stepId: stepId, userId: userId, now: context.now)
        return .redirect(to: "/tasks/\(id)")
    }

    /// The signed-in user's id and the posted form (its CSRF token was checked by the route group's guard).
    func posted<Form: PostedForm>(_ type: Form.Type, _ request: Request, _ context: AppRequestContext) async throws -> (Int64, Form) {
        (try context.requireUserId(), try await request.decodeForm(as: Form.self, context: context))
    }

    // MARK: - Values for the templates

    static func progressValues(_ progress: TaskProgress) -> [String: Any] {
        ["completed": progress.completed, "total": progress.total, "percent": progress.percent, "complete": progress.isComplete]
    }

    static func taskValues(_ task: StepTask, today: LocalDay) -> [String: Any] {
        var values: [String: Any] = [
            "id": task.id, "title": task.title, "tags": task.tags, "archived": task.isArchived,
            "progress": progressValues(task.progress), "completed": task.isCompleted,
        ]
        if let due = task.dueDate {
            values["due"] = due.description
            values["overdue"] = !task.isCompleted && due < today
        }
        return values
    }

    static func filterLinks(current: TaskFilter, strings: [String: String]) -> [[String: Any]] {
        let choices: [(TaskFilter, String)] = [
            (.all, "taskFilterAll"), (.inProgress, "taskFilterInProgress"), (.completed, "taskFilterCompleted"),
            (.dueSoon, "taskFilterDueSoon"), (.archived, "taskFilterArchived"),
        ]
        return choices.map { filter, key in
            ["label": strings[key]!, "href": filter == .all ? "/tasks" : "/tasks?filter=\(filter.name)", "current": filter == current]
        }
    }
}

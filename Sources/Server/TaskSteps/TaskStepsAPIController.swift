import Foundation
import Health
import Hummingbird
import Services
import Storage
import TaskSteps

/// `/api/v1/tasks`: tasks and their steps, always the caller's own. Creates accept a `clientId` so a
/// retried request finds what the first one made; reorders take the complete new order, so they are
/// idempotent too.
struct TaskStepsAPIController {
    let service: TaskStepsService
    let exporter: TaskExporter

    var endpoints: RouteCollection<AppRequestContext> {
        let routes = RouteCollection(context: AppRequestContext.self)
        routes.get("tasks", use: list)
        routes.post("tasks", use: create)
        routes.put("tasks/order", use: reorder)
        routes.get("tasks/statistics", use: statistics)
        routes.get("tasks/export", use: export)
        routes.get("tasks/{id}", use: show)
        routes.patch("tasks/{id}", use: update)
        routes.delete("tasks/{id}", use: delete)
        routes.post("tasks/{id}/steps", use: addStep)
        routes.put("tasks/{id}/steps/order", use: reorderSteps)
        routes.patch("tasks/{id}/steps/{stepId}", use: updateStep)
        routes.delete("tasks/{id}/steps/{stepId}", use: deleteStep)
        return routes
    }

    @Sendable func list(request: Request, context: AppRequestContext) async throws -> TaskListResponse {
        let userId = try context.requireUserId()
        let parameters = request.uri.queryParameters
        guard let filter = TaskFilter(name: parameters["filter"].map(String.init), tag: parameters["tag"].map(String.init)) else {
            throw APIError.invalidParameter("filter", expected: .oneOf(TaskFilter.names))
        }
        let pageRequest = try PageRequest(parameters, defaultLimit: 200)
        let tasks = try await service.tasks(userId: userId)
        let today = LocalDay(context.now, in: try context.requireUser().resolvedTimeZone)
        let page = TaskStepsService.page(of: filter.apply(tasks, today: today), pageRequest)
        return TaskListResponse(tasks: page.items.map(TaskResponse.init), overall: ProgressResponse(.overall(tasks)), nextCursor: page.nextCursor?.token)
    }

    @Sendable func create(request: Request, context: AppRequestContext) async throws -> Response {
        let userId = try context.requireUserId()
        let draft = try await request.decode(as: NewTaskInput.self, context: context).validated()
        let (task, created) = try await service.create(draft, userId: userId, now: context.now)
        var response = try context.responseEncoder.encode(TaskResponse(task), from: request, context: context)
        response.status = created ? .created : .ok
        return response
    }

    @Sendable func show(request: Request, context: AppRequestContext) async throws -> TaskResponse {
        let userId = try context.requireUserId()
        let task = try await service.task(id: try Self.id("id", context), userId: userId)
        return TaskResponse(task)
    }

    @Sendable func update(request: Request, context: AppRequestContext) async throws -> TaskResponse {
        let userId = try context.requireUserId()
        let id = try Self.id("id", context)
        let change = try await request.decode(as: TaskPatchInput.self, context: context).validated()
        let task = try await service.update(id: id, userId: userId, change: change, now: context.now)
        return TaskResponse(task)
    }

    @Sendable func delete(request: Request, context: AppRequestContext) async throws -> HTTPResponse.Status {
        let userId = try context.requireUserId()
        try await service.delete(id: try Self.id("id", context), userId: userId)
        return .noContent
    }

    @Sendable func reorder(request: Request, context: AppRequestContext) async throws -> TaskListResponse {
        let userId = try context.requireUserId()
        let order = try await request.decode(as: OrderInput.self, context: context)
        let tasks = try await service.reorder(userId: userId, order: order.ids, now: context.now)
        return TaskListResponse(tasks: tasks.map(TaskResponse.init), overall: ProgressResponse(.overall(tasks)), nextCursor: nil)
    }

    @Sendable func addStep(request: Request, context: AppRequestContext) async throws -> Response {
        let userId = try context.requireUserId()
        let taskId = try Self.id("id", context)
        let input = try await request.decode(as: NewStepInput.self, context: context)
        let clientId = try ClientId.validated(input.clientId)
        let outcome = try await service.addStep(taskId: taskId, userId: userId, title: input.title, clientId: clientId, now: context.now)
        var response = try context.responseEncoder.encode(
            CreatedStepResponse(step: StepResponse(outcome.step), task: TaskResponse(outcome.task)), from: request, context: context
        )
        response.status = outcome.created ? .created : .ok
        return response
    }

    @Sendable func updateStep(request: Request, context: AppRequestContext) async throws -> TaskResponse {
        let userId = try context.requireUserId()
        let (taskId, stepId) = (try Self.id("id", context), try Self.id("stepId", context))
        let patch = try await request.decode(as: StepPatchInput.self, context: context)
        let task = try await service.updateStep(taskId: taskId, stepId: stepId, userId: userId, title: patch.title, done: patch.done, now: context.now)
        return TaskResponse(task)
    }

    @Sendable func deleteStep(request: Request, context: AppRequestContext) async throws -> HTTPResponse.Status {
        let userId = try context.requireUserId()
        let (taskId, stepId) = (try Self.id("id", context), try Self.id("stepId", context))
        try await service.deleteStep(taskId: taskId, stepId: stepId, userId: userId, now: context.now)
        return .noContent
    }

    @Sendable func reorderSteps(request: Request, context: AppRequestContext) async throws -> TaskResponse {
        let userId = try context.requireUserId()
        let taskId = try Self.id("id", context)
        let order = try await request.decode(as: OrderInput.self, context: context)
        let task = try await service.reorderSteps(taskId: taskId, userId: userId, order: order.ids, now: context.now)
        return TaskResponse(task)
    }

    /// How many days of activity statistics may cover: up to ten years.
    static let statisticsDays = 1...3660

    @Sendable func statistics(request: Request, context: AppRequestContext) async throws -> TaskStatistics {
        let userId = try context.requireUserId()
        var days = 365
        if let text = request.uri.queryParameters["days"] {
            guard let value = Int(text), Self.statisticsDays.contains(value) else { throw APIError.invalidParameter("days", expected: .integer(Self.statisticsDays)) }
            days = value
        }
        let timeZone = try context.requireUser().resolvedTimeZone
        let now = context.now
        return TaskStatistics(try await service.activity(userId: userId, timeZone: timeZone, days: days, now: now), timeZone: timeZone, days: days, now: now)
    }

    @Sendable func export(request: Request, context: AppRequestContext) async throws -> Response {
        let userId = try context.requireUserId()
        // `bom` is checked whatever the format, so a mistyped value is never quietly ignored.
        _ = try ExportResponse.byteOrderMark(request)
        switch request.uri.queryParameters["format"].map(String.init) ?? "json" {
        case "json": return try await exporter.jsonResponse(userId: userId, now: context.now)
        case "csv": return try await exporter.csvResponse(userId: userId, timeZone: try context.requireUser().resolvedTimeZone, request: request)
        default: throw APIError.invalidParameter("format", expected: .oneOf(["json", "csv"]))
        }
    }

    /// A malformed id can't name anything the caller owns: 404, like someone else's id.
    static func id(_ name: String, _ context: AppRequestContext) throws -> Int64 {
        guard let id = context.parameters.get(name, as: Int64.self) else { throw APIError.notFound }
        return id
    }
}

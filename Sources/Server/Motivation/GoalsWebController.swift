import Foundation
import Health
import Hummingbird
import Motivation
import Services
import Storage
import TaskSteps

/// `/goals`: the user's goals with progress bars and status, today's suggestions (accept or dismiss), a form for a
/// new goal, and each goal's history. Works without JavaScript.
struct GoalsWebController {
    let motivation: MotivationService
    let pages: WebRenderer
    let csrf: CSRFProtection

    struct GoalForm: PostedForm {
        var metric: String?
        var direction: String?
        var target: String?
        var lower: String?
        var upper: String?
        var deadline: String?
        var csrf: String?
    }

    struct PlainForm: PostedForm {
        var csrf: String?
    }

    struct PaceForm: PostedForm {
        var percentPerWeek: String?
        var csrf: String?
    }

    /// The metrics a goal can be set for from the page, with the direction that usually fits.
    static let goalMetrics = ["bodyMass", "bodyFatPercentage", "stepCount", "activeEnergyBurned", "exerciseTime", "restingHeartRate"]

    var endpoints: RouteCollection<AppRequestContext> {
        let routes = RouteCollection(context: AppRequestContext.self)
        routes.get("goals", use: list)
        routes.post("goals", use: create)
        routes.post("goals/weight-pace", use: setWeightPace)
        routes.post("goals/{id}/stop", use: stop)
        routes.post("goals/{id}/task", use: stepTask)
        routes.post("goals/{id}/delete", use: delete)
        routes.post("goals/suggestions/{id}/accept", use: accept)
        routes.post("goals/suggestions/{id}/dismiss", use: dismiss)
        return routes
    }

    @Sendable func list(request: Request, context: AppRequestContext) async throws -> Response {
        try await page(request: request, context: context)
    }

    func page(request: Request, context: AppRequestContext, error: String? = nil) async throws -> Response {
        let userId = try context.requireUserId()
        let language = context.language
        let strings = WebStrings.table(language)
        var values = pages.base(context, title: strings["moGoals"]!, csrf: csrf.token(for: request, context: context).token)
        try await MotivationWebController.addCelebration(to: &values, motivation: motivation, userId: userId, context: context)
        values["goals"] = try await motivation.goals(userId: userId, now: context.now).map { Self.goalValues($0, language: language, strings: strings) }
        let suggestions = try await motivation.suggestions(userId: userId, now: context.now)
        values["hasSuggestions"] = !suggestions.isEmpty
        values["suggestions"] = suggestions.map { suggestion in
            ["id": suggestion.id, "message": suggestion.message.text(in: language)]
        }
        values["pacePercent"] = WeightPace.text(try await motivation.weightPace(userId: userId).percentPerWeek)
        values["paceMin"] = WeightPace.text(WeightPace.allowedPercent.lowerBound)
        values["paceMax"] = WeightPace.text(WeightPace.allowedPercent.upperBound)
        values["metrics"] = Self.goalMetrics.compactMap(MetricCatalog.metric(named:)).map { metric in
            ["id": metric.id, "name": "\(metric.name.text(in: language)) (\(metric.unitLabel(in: language)))"]
        }
        if let error { values["error"] = error }
        values["navGoals"] = true
        return pages.render("goals", values, status: error == nil ? .ok : .badRequest)
    }

    static func goalValues(_ standing: MotivationService.GoalStanding, language: Language, strings: [String: String]) -> [String: Any] {
        let row = standing.row
        let metric = MetricCatalog.metric(named: row.metric)
        let format: (Double) -> String = { metric?.format($0) ?? String(format: "%.1f", $0) }
        let percent = Int((standing.evaluation?.progressPercent ?? 0).rounded())
        let targetText: String
        switch row.direction {
        case "atLeast": targetText = "≥ \(format(row.target))"
        case "atMost": targetText = "≤ \(format(row.target))"
        default: targetText = "\(format(row.lower ?? 0))–\(format(row.upper ?? 0))"
        }
        var values: [String: Any] = [
            "id": row.id ?? 0,
            "name": metric?.name.text(in: language) ?? row.metric,
            "unit": metric?.unitLabel(in: language) ?? "",
            "target": targetText,
            "percent": percent,
            "active": row.isActive,
            "history": standing.history.map { line in
                ["day": line.day, "event": strings["moEvent\(line.event.prefix(1).uppercased())\(line.event.dropFirst())"] ?? line.event,
                 "value": line.value.map(format) ?? ""]
            },
        ]
        if let current = standing.current { values["current"] = format(current) }
        if let status = standing.evaluation?.status {
            values["status"] = strings["moStatus\(status.rawValue.prefix(1).uppercased())\(status.rawValue.dropFirst())"] ?? status.rawValue
            values["statusKey"] = status.rawValue
        }
        if let deadline = row.deadline { values["deadline"] = deadline }
        if let forecast = standing.forecastDay { values["forecast"] = forecast.description }
        return values
    }

    @Sendable func create(request: Request, context: AppRequestContext) async throws -> Response {
        let userId = try context.requireUserId()
        let form = try await request.decodeForm(as: GoalForm.self, context: context)
        let number: (String?) -> Double? = { text in text.flatMap { Double($0.trimmingCharacters(in: .whitespaces)) } }
        let input = MotivationService.GoalInput(
            metric: form.metric ?? "", direction: form.direction ?? "", target: number(form.target), lower: number(form.lower),
            upper: number(form.upper), deadline: (form.deadline?.isEmpty ?? true) ? nil : form.deadline
        )
        do {
            _ = try await motivation.createGoal(input, userId: userId, now: context.now)
        } catch let error as ServiceError {
            return try await page(request: request, context: context, error: error.message.text(in: context.language))
        }
        return .redirect(to: "/goals")
    }

    /// Saves the weight plan's pace; one outside 0.25–1.0 % shows the page again with why, changing nothing.
    @Sendable func setWeightPace(request: Request, context: AppRequestContext) async throws -> Response {
        let userId = try context.requireUserId()
        let form = try await request.decodeForm(as: PaceForm.self, context: context)
        do {
            guard let percent = Double(WebFormatting.typedNumber(form.percentPerWeek)) else { throw ServiceError.invalidParameter("percentPerWeek") }
            _ = try await motivation.setWeightPace(userId: userId, percentPerWeek: percent, now: context.now)
        } catch let error as any DomainError {
            return try await page(request: request, context: context, error: error.message.text(in: context.language))
        }
        return .redirect(to: "/goals#weight-pace")
    }

    @Sendable func stop(request: Request, context: AppRequestContext) async throws -> Response {
        let userId = try context.requireUserId()
        _ = try await request.decodeForm(as: PlainForm.self, context: context)
        _ = try await motivation.updateGoal(id: try GoalsAPIController.id(context), userId: userId, target: nil, active: false, now: context.now)
        return .redirect(to: "/goals")
    }

    /// Breaks the goal into a step task (made once) and opens it.
    @Sendable func stepTask(request: Request, context: AppRequestContext) async throws -> Response {
        let userId = try context.requireUserId()
        _ = try await request.decodeForm(as: PlainForm.self, context: context)
        let task = try await motivation.stepTask(forGoal: try GoalsAPIController.id(context), userId: userId, now: context.now)
        return .redirect(to: "/tasks/\(task.id)")
    }

    @Sendable func delete(request: Request, context: AppRequestContext) async throws -> Response {
        let userId = try context.requireUserId()
        _ = try await request.decodeForm(as: PlainForm.self, context: context)
        try await motivation.deleteGoal(id: try GoalsAPIController.id(context), userId: userId)
        return .redirect(to: "/goals")
    }

    @Sendable func accept(request: Request, context: AppRequestContext) async throws -> Response {
        let userId = try context.requireUserId()
        _ = try await request.decodeForm(as: PlainForm.self, context: context)
        _ = try await motivation.acceptSuggestion(id: try GoalsAPIController.suggestionId(context), userId: userId, now: context.now)
        return .redirect(to: "/goals")
    }

    @Sendable func dismiss(request: Request, context: AppRequestContext) async throws -> Response {
        let userId = try context.requireUserId()
        _ = try await request.decodeForm(as: PlainForm.self, context: context)
        try await motivation.dismissSuggestion(id: try GoalsAPIController.suggestionId(context), userId: userId, now: context.now)
        return .redirect(to: "/goals")
    }
}

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

    /// The goals page. `typed` is a refused new-goal form: its fields show what was typed.
    func page(request: Request, context: AppRequestContext, error: String? = nil, typed: GoalForm? = nil) async throws -> Response {
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
            ["id": metric.id, "name": "\(metric.name.text(in: language)) (\(metric.unitLabel(in: language)))", "selected": metric.id == typed?.metric]
        }
        values["directions"] = [("atMost", "moAtMost"), ("atLeast", "moAtLeast"), ("withinRange", "moWithinRange")].map { value, label in
            ["value": value, "label": strings[label]!, "selected": value == typed?.direction]
        }
        values["newGoal"] = ["target": typed?.target ?? "", "lower": typed?.lower ?? "", "upper": typed?.upper ?? "", "deadline": typed?.deadline ?? ""]
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
            values["status"] = status.name.text(in: language)
            values["statusKey"] = status.rawValue
        }
        if let deadline = row.deadline { values["deadline"] = deadline }
        if let forecast = standing.forecastDay { values["forecast"] = forecast.description }
        return values
    }

    @Sendable func create(request: Request, context: AppRequestContext) async throws -> Response {
        let userId = try context.requireUserId()
        let form = try await request.decodeForm(as: GoalForm.self, context: context)
        // The page again with what was typed and the rule of the field that is wrong, by its label.
        func refuse(_ message: LocalizedText) async throws -> Response {
            try await page(request: request, context: context, error: message.text(in: context.language), typed: form)
        }
        guard let target = WebFormatting.optionalNumber(form.target) else { return try await refuse(FormRule.targetNumber) }
        guard let lower = WebFormatting.optionalNumber(form.lower) else { return try await refuse(FormRule.lowerNumber) }
        guard let upper = WebFormatting.optionalNumber(form.upper) else { return try await refuse(FormRule.upperNumber) }
        if form.direction == "withinRange", let lower, let upper, lower > upper { return try await refuse(FormRule.boundsOrder) }
        let deadline = form.deadline.map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
        if let deadline, LocalDay(deadline) == nil { return try await refuse(FormRule.deadlineDate) }
        let input = MotivationService.GoalInput(
            metric: form.metric ?? "", direction: form.direction ?? "", target: target, lower: lower, upper: upper, deadline: deadline
        )
        do {
            _ = try await motivation.createGoal(input, userId: userId, now: context.now)
        } catch let error as ServiceError {
            return try await refuse(FormRule.message(for: error))
        }
        return .redirect(to: "/goals")
    }

    /// The new-goal form's refusals, naming the field by its label and saying the rule. The API keeps its
    /// `invalid_parameter` error naming the parameter; only the page says it this way.
    enum FormRule {
        static let metric = LocalizedText(ja: "項目は一覧から選んでください。", en: "Choose the metric from the list.")
        static let direction = LocalizedText(ja: "種類は一覧から選んでください。", en: "Choose the kind from the list.")
        static let targetNumber = LocalizedText(ja: "目標値は数字で入力してください。", en: "Enter the target as a number.")
        static let target = LocalizedText(ja: "目標値は 0 より大きい数字で入力してください。", en: "Enter the target as a number above 0.")
        static let lowerNumber = LocalizedText(ja: "下限は数字で入力してください。", en: "Enter the lower bound as a number.")
        static let upperNumber = LocalizedText(ja: "上限は数字で入力してください。", en: "Enter the upper bound as a number.")
        static let bounds = LocalizedText(
            ja: "範囲の目標には、0 より大きい下限と上限を入力してください（下限は上限以下）。",
            en: "For a range, enter a lower and an upper bound above 0 (the lower no higher than the upper)."
        )
        static let boundsOrder = LocalizedText(ja: "下限は上限以下の数字にしてください。", en: "Make the lower bound no higher than the upper bound.")
        static let deadlineDate = LocalizedText(ja: "期限は日付（YYYY-MM-DD）で入力してください。", en: "Enter the deadline as a date (YYYY-MM-DD).")
        static let deadline = LocalizedText(ja: "期限は明日以降の日付にしてください。", en: "Set the deadline to a day after today.")

        /// The service's refusal as the form says it; one it does not know keeps the service's own message.
        /// A number above the metric's believable range (a 700 kg weight) or a fraction of a count (8,000.5 steps)
        /// is not "not above 0": the form says the field by its label and the service's rule.
        static func message(for error: ServiceError) -> LocalizedText {
            guard case .invalidParameter(let name, let expected) = error else { return error.message }
            switch name {
            case "metric": return metric
            case "direction": return direction
            case "target": return expected == .positiveNumber ? target : labelled(label: targetLabel, expected, otherwise: target)
            case "lower": return expected == MotivationService.rangeBounds ? bounds : labelled(label: lowerLabel, expected, otherwise: bounds)
            case "upper": return expected == MotivationService.rangeBounds ? bounds : labelled(label: upperLabel, expected, otherwise: bounds)
            case "deadline": return deadline
            default: return error.message
            }
        }

        static let targetLabel = LocalizedText(ja: "目標値", en: "Target")
        static let lowerLabel = LocalizedText(ja: "下限", en: "Lower bound")
        static let upperLabel = LocalizedText(ja: "上限", en: "Upper bound")

        static func labelled(label: LocalizedText, _ expected: ExpectedValue?, otherwise: LocalizedText) -> LocalizedText {
            guard let expected else { return otherwise }
            return LocalizedText(ja: "\(label.ja): \(expected.text.ja)。", en: "\(label.en): \(expected.text.en).")
        }
    }

    /// Saves the weight plan's pace; one outside 0.25–1.0 % shows the page again with why, changing nothing.
    @Sendable func setWeightPace(request: Request, context: AppRequestContext) async throws -> Response {
        let userId = try context.requireUserId()
        let form = try await request.decodeForm(as: PaceForm.self, context: context)
        do {
            guard let percent = Double(WebFormatting.typedNumber(form.percentPerWeek)) else {
                throw ServiceError.invalidParameter("percentPerWeek", expected: .number(WeightPace.allowedPercent))
            }
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

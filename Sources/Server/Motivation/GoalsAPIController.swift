import Foundation
import Health
import Hummingbird
import Motivation
import Services
import Storage

/// `/api/v1/goals`: the caller's goals (create, list with progress and status, change, delete, history) and
/// `/api/v1/goals/suggestions` (list; accept or dismiss one).
struct GoalsAPIController {
    let motivation: MotivationService

    var endpoints: RouteCollection<AppRequestContext> {
        let routes = RouteCollection(context: AppRequestContext.self)
        routes.get("goals", use: list)
        routes.post("goals", use: create)
        routes.get("goals/weight-pace", use: weightPace)
        routes.put("goals/weight-pace", use: setWeightPace)
        routes.get("goals/suggestions", use: suggestions)
        routes.post("goals/suggestions/{id}/accept", use: accept)
        routes.post("goals/suggestions/{id}/dismiss", use: dismiss)
        routes.get("goals/{id}", use: show)
        routes.patch("goals/{id}", use: update)
        routes.delete("goals/{id}", use: delete)
        routes.post("goals/{id}/task", use: task)
        return routes
    }

    struct HistoryResponse: Codable, Sendable {
        let day: String
        let event: String
        let value: Double?
    }

    struct GoalResponse: ResponseEncodable, Decodable {
        let id: Int64
        let metric: String
        let direction: String
        let target: Double
        let lower: Double?
        let upper: Double?
        let startValue: Double
        let startDay: String
        let deadline: String?
        let active: Bool
        let current: Double?
        /// 0–100.
        let progress: Double?
        /// onTrack, behind or achieved; null until the metric has a value.
        let status: String?
        let history: [HistoryResponse]
        /// An active "at most" weight goal: the day the chosen pace reaches the target.
        let forecastDay: String?

        init(_ standing: MotivationService.GoalStanding) {
            let row = standing.row
            id = row.id ?? 0
            metric = row.metric
            direction = row.direction
            target = row.target
            lower = row.lower
            upper = row.upper
            startValue = standing.goal.startValue
            startDay = row.startDay
            deadline = row.deadline
            active = row.isActive
            current = standing.current
            progress = standing.evaluation.map { ($0.progressPercent * 10).rounded() / 10 }
            status = standing.evaluation?.status.rawValue
            history = standing.history.map { HistoryResponse(day: $0.day, event: $0.event, value: $0.value) }
            forecastDay = standing.forecastDay?.description
        }
    }

    struct GoalListResponse: ResponseEncodable, Decodable {
        let goals: [GoalResponse]
    }

    struct SuggestionResponse: Codable, Sendable {
        let id: String
        let kind: String
        let metric: String
        let day: String
        let message: LocalizedText
        /// The goal an accepted suggestion would set: a target, or weekday targets (1 = Sunday … 7 = Saturday).
        let target: Double?
        let weekdayTargets: [WeekdayTarget]?
        /// A weight plan's pace and milestones (3, 5 and 10 % below today's weight).
        let weightPlan: WeightPlanResponse?
    }

    struct WeightPlanResponse: Codable, Sendable {
        let percentPerWeek: Double
        let kilogramsPerWeek: Double
        let milestones: [MilestoneResponse]

        init(_ plan: WeightPlan) {
            percentPerWeek = plan.pace.percentPerWeek
            kilogramsPerWeek = (plan.kilogramsPerWeek * 100).rounded() / 100
            milestones = plan.milestones.map { MilestoneResponse(percent: $0.percent, target: $0.targetWeight, earliestDay: $0.earliestDay.description) }
        }
    }

    struct MilestoneResponse: Codable, Sendable {
        let percent: Double
        let target: Double
        let earliestDay: String
    }

    struct PaceResponse: ResponseEncodable, Decodable {
        let percentPerWeek: Double
        let allowed: [Double]
    }

    struct PaceInput: Decodable {
        let percentPerWeek: Double
    }

    struct SuggestionListResponse: ResponseEncodable, Decodable {
        let suggestions: [SuggestionResponse]
    }

    struct GoalPatch: PatchBody {
        var target: Double?
        var active: Bool?

        enum CodingKeys: String, CodingKey, CaseIterable { case target, active }
        typealias Members = CodingKeys
    }

    /// A suggestion id ("kind:metric:day"), percent-decoded if the client encoded its colons.
    static func suggestionId(_ context: AppRequestContext) throws -> String {
        let raw = try context.parameters.require("id")
        return raw.removingPercentEncoding ?? raw
    }

    static func id(_ context: AppRequestContext) throws -> Int64 {
        guard let id = context.parameters.get("id", as: Int64.self) else { throw APIError.notFound }
        return id
    }

    func standing(id: Int64, context: AppRequestContext) async throws -> GoalResponse {
        let goals = try await motivation.goals(userId: try context.requireUserId(), now: context.now)
        guard let standing = goals.first(where: { $0.row.id == id }) else { throw APIError.notFound }
        return GoalResponse(standing)
    }

    @Sendable func list(request: Request, context: AppRequestContext) async throws -> GoalListResponse {
        GoalListResponse(goals: try await motivation.goals(userId: try context.requireUserId(), now: context.now).map(GoalResponse.init))
    }

    @Sendable func create(request: Request, context: AppRequestContext) async throws -> EditedResponse<GoalResponse> {
        let input = try await request.decode(as: MotivationService.GoalInput.self, context: context)
        let row = try await motivation.createGoal(input, userId: try context.requireUserId(), now: context.now)
        return EditedResponse(status: .created, response: try await standing(id: try row.savedId, context: context))
    }

    @Sendable func show(request: Request, context: AppRequestContext) async throws -> GoalResponse {
        try await standing(id: try Self.id(context), context: context)
    }

    /// The goal broken into a step task: made once (201), the same task after that (200).
    @Sendable func task(request: Request, context: AppRequestContext) async throws -> Response {
        let userId = try context.requireUserId()
        let id = try Self.id(context)
        let existed = try await motivation.hasStepTask(forGoal: id, userId: userId)
        let task = try await motivation.stepTask(forGoal: id, userId: userId, now: context.now)
        var response = try context.responseEncoder.encode(TaskResponse(task), from: request, context: context)
        response.status = existed ? .ok : .created
        return response
    }

    @Sendable func update(request: Request, context: AppRequestContext) async throws -> GoalResponse {
        let id = try Self.id(context)
        let patch = try await request.decode(as: GoalPatch.self, context: context)
        _ = try await motivation.updateGoal(id: id, userId: try context.requireUserId(), target: patch.target, active: patch.active, now: context.now)
        return try await standing(id: id, context: context)
    }

    @Sendable func delete(request: Request, context: AppRequestContext) async throws -> HTTPResponse.Status {
        try await motivation.deleteGoal(id: try Self.id(context), userId: try context.requireUserId())
        return .noContent
    }

    static func response(_ suggestion: GoalSuggestion) -> SuggestionResponse {
        var target: Double?
        var weekdays: [WeekdayTarget]?
        var weightPlan: WeightPlanResponse?
        switch suggestion.proposal {
        case let .weightPlan(plan):
            target = plan.milestones.first?.targetWeight
            weightPlan = WeightPlanResponse(plan)
        case let .dailyTargets(targets): weekdays = targets
        case let .changeTarget(_, _, to): target = to
        }
        return SuggestionResponse(
            id: suggestion.id, kind: suggestion.kind.rawValue, metric: suggestion.metricID, day: suggestion.day.description,
            message: suggestion.message, target: target, weekdayTargets: weekdays, weightPlan: weightPlan
        )
    }

    static func paceResponse(_ pace: WeightPace) -> PaceResponse {
        PaceResponse(percentPerWeek: pace.percentPerWeek, allowed: [WeightPace.allowedPercent.lowerBound, WeightPace.allowedPercent.upperBound])
    }

    @Sendable func weightPace(request: Request, context: AppRequestContext) async throws -> PaceResponse {
        Self.paceResponse(try await motivation.weightPace(userId: try context.requireUserId()))
    }

    /// Saves the pace (0.25–1.0 % a week); out of range answers 400 in the caller's language, changing nothing.
    @Sendable func setWeightPace(request: Request, context: AppRequestContext) async throws -> PaceResponse {
        let input = try await request.decode(as: PaceInput.self, context: context)
        return Self.paceResponse(try await motivation.setWeightPace(userId: try context.requireUserId(), percentPerWeek: input.percentPerWeek, now: context.now))
    }

    @Sendable func suggestions(request: Request, context: AppRequestContext) async throws -> SuggestionListResponse {
        let found = try await motivation.suggestions(userId: try context.requireUserId(), now: context.now)
        return SuggestionListResponse(suggestions: found.map(Self.response))
    }

    @Sendable func accept(request: Request, context: AppRequestContext) async throws -> EditedResponse<GoalResponse> {
        let row = try await motivation.acceptSuggestion(id: try Self.suggestionId(context), userId: try context.requireUserId(), now: context.now)
        return EditedResponse(status: .created, response: try await standing(id: try row.savedId, context: context))
    }

    @Sendable func dismiss(request: Request, context: AppRequestContext) async throws -> HTTPResponse.Status {
        try await motivation.dismissSuggestion(id: try Self.suggestionId(context), userId: try context.requireUserId(), now: context.now)
        return .noContent
    }
}

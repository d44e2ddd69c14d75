import APIModels
import Foundation
import Health
import Hummingbird
import Services
import Storage
import Workouts

/// The BulkTrack API under `/v1`: exercises, sets, dashboard and history, exactly in the contract's shapes.
/// Every route needs a user (see `BulkTrackAuthMiddleware`) and sees only that user's data.
struct WorkoutsAPIController {
    let workouts: WorkoutService

    var endpoints: RouteCollection<AppRequestContext> {
        let routes = RouteCollection(context: AppRequestContext.self)
        routes.get("exercises", use: exercises)
        routes.post("exercises", use: createExercise)
        routes.get("me/exercises/recent", use: recentExercises)
        routes.post("sets", use: createSet)
        routes.get("sets", use: listSets)
        routes.patch("sets/{setId}", use: updateSet)
        routes.delete("sets/{setId}", use: deleteSet)
        routes.get("dashboard", use: dashboard)
        routes.get("me/workouts", use: history)
        routes.get("me/workouts/{date}", use: day)
        return routes
    }

    @Sendable func exercises(request: Request, context: AppRequestContext) async throws -> [ExerciseSummary] {
        let user = try context.requireWorkoutsUser()
        // The BulkTrack app asks for its whole catalogue in one page, `limit=200`; the bound of 100 left its
        // picker empty on a fresh install, where it has no cached list to fall back on.
        let page = try Self.page(request, maximum: 1_000)
        let query = request.uri.queryParameters["q"].map(String.init) ?? ""
        let found = try await workouts.searchExercises(userId: user.savedId, prefix: query, language: context.language, limit: page.limit, offset: page.offset)
        let usage = try await workouts.exerciseUsage(userId: user.savedId)
        return found.map { ExerciseSummary($0, usage: usage[$0.id.uuidString.lowercased()], language: context.language) }
    }

    @Sendable func createExercise(request: Request, context: AppRequestContext) async throws -> Response {
        let user = try context.requireWorkoutsUser()
        let body = try await request.decode(as: BulkTrackExerciseCreate.self, context: context)
        let made = try await workouts.createCustomExercise(userId: user.savedId, name: body.name, now: context.now)
        let usage = try await workouts.exerciseUsage(userId: user.savedId)[made.exercise.id.uuidString.lowercased()]
        var response = try context.responseEncoder.encode(ExerciseSummary(made.exercise, usage: usage, language: context.language), from: request, context: context)
        // The contract answers 201 whether the name was new or the caller already had it (the existing one comes back).
        response.status = .created
        return response
    }

    @Sendable func recentExercises(request: Request, context: AppRequestContext) async throws -> [ExerciseSummary] {
        let user = try context.requireWorkoutsUser()
        let page = try Self.page(request)
        return try await workouts.recentExercises(userId: user.savedId, limit: page.limit, offset: page.offset).map {
            ExerciseSummary($0.exercise, usage: $0.usage, language: context.language)
        }
    }

    @Sendable func createSet(request: Request, context: AppRequestContext) async throws -> Response {
        let user = try context.requireWorkoutsUser()
        let body = try await request.decode(as: NewSet.self, context: context)
        guard let exerciseId = UUID(uuidString: body.exerciseId) else { throw APIError(WorkoutError.unknownExercise) }
        let key = request.headers[.init("Idempotency-Key")!]
        // A longer key is refused rather than cut: two keys differing after 200 characters must not be one set.
        if let key, key.unicodeScalars.count > 200 { throw APIError.invalidParameter("Idempotency-Key", expected: .text(characters: 1...200)) }
        let outcome = try await workouts.logSet(
            SetInput(exerciseId: exerciseId, weight: body.weight, reps: body.reps, rpe: body.rpe, notes: body.notes, performedAt: body.performedAt),
            user: user, idempotencyKey: key, now: context.now
        )
        let exercise = try await workouts.exercise(id: exerciseId, userId: user.savedId)
        let records = exercise.map { exercise in outcome.records.map { PersonalRecordSummary($0, exercise: exercise, language: context.language) } } ?? []
        var response = try context.responseEncoder.encode(try LoggedSetSummary(outcome.set, personalRecords: records), from: request, context: context)
        // A replay answers like the original did: 201 with the same set, so an offline queue can treat both alike.
        response.status = HTTPResponse.Status.created
        if !outcome.created { response.headers[.init("Idempotent-Replayed")!] = "true" }
        return response
    }

    @Sendable func listSets(request: Request, context: AppRequestContext) async throws -> [LoggedSetSummary] {
        let user = try context.requireWorkoutsUser()
        let page = try Self.page(request)
        let parameters = request.uri.queryParameters
        var query = WorkoutSetQuery(limit: page.limit, offset: page.offset)
        if let date = parameters["date"] {
            // BulkTrack's clients know `invalid_parameter` here; the message says the form.
            guard let day = LocalDay(String(date)) else { throw APIError.invalidParameter("date", expected: .date) }
            query.day = day.description
        }
        if let exercise = parameters["exerciseId"] {
            guard let id = UUID(uuidString: String(exercise)) else { throw APIError.invalidParameter("exerciseId", expected: .uuid) }
            query.exerciseId = id.uuidString.lowercased()
        }
        switch parameters["sortBy"].map(String.init) {
        case nil, "performedAt_desc": query.newestFirst = true
        case "performedAt_asc": query.newestFirst = false
        default: throw APIError.invalidParameter("sortBy", expected: .oneOf(["performedAt_desc", "performedAt_asc"]))
        }
        return try await workouts.sets(userId: user.savedId, query: query).map { try LoggedSetSummary($0) }
    }

    @Sendable func updateSet(request: Request, context: AppRequestContext) async throws -> LoggedSetSummary {
        let user = try context.requireWorkoutsUser()
        let id = try Self.setId(context)
        let patch = try await request.decode(as: BulkTrackSetPatch.self, context: context)
        var exerciseId: UUID?
        if let text = patch.exerciseId {
            guard let parsed = UUID(uuidString: text) else { throw APIError(WorkoutError.unknownExercise) }
            exerciseId = parsed
        }
        let updated = try await workouts.updateSet(id: id, user: user, change: { input in
            if let exerciseId { input.exerciseId = exerciseId }
            if let weight = patch.weight { input.weight = weight }
            if let reps = patch.reps { input.reps = reps }
            if let rpe = patch.rpe { input.rpe = rpe }
            if let notes = patch.notes { input.notes = notes }
            if let performedAt = patch.performedAt { input.performedAt = performedAt }
        }, now: context.now)
        guard let updated else { throw APIError.notFound }
        return try LoggedSetSummary(updated)
    }

    @Sendable func deleteSet(request: Request, context: AppRequestContext) async throws -> HTTPResponse.Status {
        let user = try context.requireWorkoutsUser()
        guard try await workouts.deleteSet(id: try Self.setId(context), userId: user.savedId, now: context.now) else { throw APIError.notFound }
        return .noContent
    }

    @Sendable func dashboard(request: Request, context: AppRequestContext) async throws -> BulkTrackDashboard {
        let user = try context.requireWorkoutsUser()
        var span = WeekSpan.w1
        if let text = request.uri.queryParameters["span"] {
            guard let parsed = WeekSpan(rawValue: String(text)) else { throw APIError.invalidParameter("span", expected: .oneOf(WeekSpan.self)) }
            span = parsed
        }
        let dashboard = try await workouts.dashboard(user: user, span: span, now: context.now)
        return BulkTrackDashboard(dashboard, language: context.language)
    }

    @Sendable func history(request: Request, context: AppRequestContext) async throws -> [BulkTrackWorkoutSummary] {
        let user = try context.requireWorkoutsUser()
        let page = try Self.page(request)
        let days = try await workouts.history(userId: user.savedId, limit: page.limit, offset: page.offset)
        let directory = try await workouts.exerciseDirectory(userId: user.savedId)
        return days.map { BulkTrackWorkoutSummary($0, directory: directory, language: context.language) }
    }

    @Sendable func day(request: Request, context: AppRequestContext) async throws -> BulkTrackWorkoutDay {
        let user = try context.requireWorkoutsUser()
        guard let text = context.parameters.get("date"), let date = LocalDay(text) else { throw APIError.invalidParameter("date", expected: .date) }
        guard let day = try await workouts.day(date, userId: user.savedId) else { throw APIError.notFound }
        return BulkTrackWorkoutDay(day, language: context.language)
    }

    /// `limit` (0–`maximum`, default 20) and `offset` (≥ 0, default 0). The contract sets no lower bound (0 answers an
    /// empty page); the upper bound is Kiroku's, so one request cannot ask for every row.
    static func page(_ request: Request, maximum: Int = 100) throws -> (limit: Int, offset: Int) {
        let parameters = request.uri.queryParameters
        var limit = 20
        var offset = 0
        if let text = parameters["limit"] {
            guard let value = Int(text), (0...maximum).contains(value) else { throw APIError.invalidParameter("limit", expected: .integer(0...maximum)) }
            limit = value
        }
        if let text = parameters["offset"] {
            guard let value = Int(text), value >= 0 else { throw APIError.invalidParameter("offset", expected: .integer(atLeast: 0)) }
            offset = value
        }
        return (limit, offset)
    }

    /// A set id that is not a UUID can't name anything the caller owns: 404, like someone else's id.
    static func setId(_ context: AppRequestContext) throws -> String {
        guard let text = context.parameters.get("setId"), let id = UUID(uuidString: text) else { throw APIError.notFound }
        return id.uuidString.lowercased()
    }
}

extension AppRequestContext {
    /// The signed-in user, or a 401.
    func requireWorkoutsUser() throws -> User {
        guard let user, user.id != nil else { throw APIError.unauthorized }
        return user
    }
}

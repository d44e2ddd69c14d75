import Foundation
import Health
import Hummingbird
import Services
import Storage
import Workouts

/// `/workouts/exercises/new`: a person's own exercise, for a lift the catalogue lacks. Made through the same
/// `WorkoutService.createCustomExercise` as `POST /v1/exercises`, so the web and the phone refuse the same names;
/// it then opens the logging form with the new exercise chosen. Custom exercises have a name and nothing else
/// (no muscles or equipment). `/workouts/exercises` lists them to rename or delete (`+Editing`).
struct CustomExerciseWebController {
    let workouts: WorkoutService
    let pages: WebRenderer
    let csrf: CSRFProtection

    struct ExerciseForm: Decodable {
        var name: String?
        var csrf: String?
    }

    /// The API answers a name the caller already has with that exercise (the contract's 201); a person who typed
    /// it here asked for a new one, so the page says it exists and offers it instead.
    static func alreadyYours(_ exercise: Exercise) -> LocalizedText {
        LocalizedText(
            ja: "「\(exercise.name.ja)」はもうあなたの種目にあります。新しく作らず、それを選んでください。",
            en: "“\(exercise.name.en)” is already one of your exercises: pick it instead of making another."
        )
    }

    /// What the logging page says when it opens with the new exercise chosen.
    static func added(_ exercise: Exercise) -> LocalizedText {
        LocalizedText(ja: "「\(exercise.name.ja)」を追加しました。このままセットを記録できます。", en: "“\(exercise.name.en)” added: log a set of it below.")
    }

    /// Pages for a signed-in user: mounted behind the sign-in guard and the CSRF guard.
    var endpoints: RouteCollection<AppRequestContext> {
        let routes = RouteCollection(context: AppRequestContext.self)
        routes.get("workouts/exercises/new") { request, context -> Response in
            return try await page(request: request, context: context)
        }
        routes.post("workouts/exercises", use: create)
        routes.get("workouts/exercises") { request, context -> Response in
            return try await listPage(request: request, context: context)
        }
        routes.post("workouts/exercises/{id}/rename", use: rename)
        routes.post("workouts/exercises/{id}/delete", use: delete)
        return routes
    }

    /// The form, with what was typed and why it was refused next to the name; `existing` is the exercise to pick instead.
    func page(
        request: Request, context: AppRequestContext, typed: String = "", refusal: LocalizedText? = nil, existing: Exercise? = nil
    ) async throws -> Response {
        let user = try context.requireWorkoutsUser()
        let language = context.language
        let strings = WebStrings.table(language)
        var values = pages.base(context, title: strings["woAddExercise"]!, csrf: csrf.token(for: request, context: context).token)
        values["navWorkouts"] = true
        values["name"] = typed
        if let refusal { values["nameError"] = refusal.text(in: language) }
        if let existing { values["existingId"] = existing.id.uuidString.lowercased() }
        let custom = try await workouts.customExercises(userId: user.savedId)
        values["custom"] = custom.map { ["id": $0.id, "name": $0.name] }
        values["hasCustom"] = !custom.isEmpty
        return pages.render("workouts-exercise", values, status: refusal == nil ? .ok : .badRequest)
    }

    @Sendable func create(request: Request, context: AppRequestContext) async throws -> Response {
        let user = try context.requireWorkoutsUser()
        let typed = try await request.decodeForm(as: ExerciseForm.self, context: context).name ?? ""
        do {
            let made = try await workouts.createCustomExercise(userId: user.savedId, name: typed, now: context.now)
            guard made.created else {
                return try await page(request: request, context: context, typed: typed, refusal: Self.alreadyYours(made.exercise), existing: made.exercise)
            }
            let id = made.exercise.id.uuidString.lowercased()
            return .redirect(to: "/workouts?exercise=\(id)&added=1#log")
        } catch let error as WorkoutError {
            return try await page(
                request: request, context: context, typed: typed, refusal: error.message, existing: ExerciseCatalog.official(named: typed)
            )
        }
    }
}

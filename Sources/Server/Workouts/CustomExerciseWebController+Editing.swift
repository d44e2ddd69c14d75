import Foundation
import Health
import Hummingbird
import Services
import Storage
import Workouts

/// `/workouts/exercises`: the person's own exercises, each with how many sets use it, a rename form and a delete
/// button behind a disclosure that asks first (no JavaScript). The rules are `WorkoutService`'s, those a new exercise
/// obeys; an exercise with logged sets is not deleted, official ones are never changed, another user's is a 404.
extension CustomExerciseWebController {
    /// A refused rename, shown under that exercise's field with what was typed, its form left open.
    struct RenameRefusal {
        let exerciseId: String
        let typed: String
        let message: LocalizedText
    }

    /// What the list says after a rename's redirect.
    static func renamed(_ name: String) -> LocalizedText {
        LocalizedText(ja: "名前を「\(name)」に変えました。", en: "Renamed to “\(name)”.")
    }

    func listPage(
        request: Request, context: AppRequestContext, refusal: RenameRefusal? = nil, error: LocalizedText? = nil,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let user = try context.requireWorkoutsUser()
        let language = context.language
        let strings = WebStrings.table(language)
        let parameters = request.uri.queryParameters
        var values = pages.base(context, title: strings["woYourExercises"]!, csrf: csrf.token(for: request, context: context).token)
        values["navWorkouts"] = true
        let custom = try await workouts.customExercisesWithSetCounts(userId: user.savedId)
        if parameters["deleted"] != nil { values["notice"] = strings["woExerciseDeleted"] }
        if let renamed = parameters["renamed"].map(String.init), let entry = custom.first(where: { $0.exercise.id == renamed }) {
            values["notice"] = Self.renamed(entry.exercise.name).text(in: language)
        }
        if let error { values["error"] = error.text(in: language) }
        values["custom"] = custom.map { entry -> [String: Any] in
            let (exercise, sets) = entry
            var row: [String: Any] = [
                "id": exercise.id, "name": exercise.name, "typed": exercise.name,
                "sets": "\(sets) \(strings[sets == 1 ? "woSet" : "woSets"] ?? "")",
            ]
            // Absent rather than empty when nothing was refused: Mustache takes an empty string as true.
            if let refusal, refusal.exerciseId == exercise.id {
                row["typed"] = refusal.typed
                row["renameError"] = refusal.message.text(in: language)
            }
            return row
        }
        return pages.render("workouts-exercises", values, status: status)
    }

    @Sendable func rename(request: Request, context: AppRequestContext) async throws -> Response {
        let user = try context.requireWorkoutsUser()
        let id = try Self.exerciseId(context)
        let typed = try await request.decodeForm(as: ExerciseForm.self, context: context).name ?? ""
        // An official exercise has no rename form to show the refusal under: it goes above the list.
        if ExerciseCatalog.exercise(id: id) != nil {
            let error = WorkoutError.officialExerciseIsFixed
            return try await listPage(request: request, context: context, error: error.message, status: HTTPResponse.Status(code: error.httpStatus))
        }
        do {
            guard let renamed = try await workouts.renameCustomExercise(id: id, userId: user.savedId, name: typed) else { throw APIError.notFound }
            return .redirect(to: "/workouts/exercises?renamed=\(renamed.id.uuidString.lowercased())#exercise-\(renamed.id.uuidString.lowercased())")
        } catch let error as WorkoutError {
            // Under the field, with the refusal's own status: 400 for a name that cannot be one, 409 for one taken.
            let refusal = RenameRefusal(exerciseId: id.uuidString.lowercased(), typed: typed, message: error.message)
            return try await listPage(request: request, context: context, refusal: refusal, status: HTTPResponse.Status(code: error.httpStatus))
        }
    }

    @Sendable func delete(request: Request, context: AppRequestContext) async throws -> Response {
        let user = try context.requireWorkoutsUser()
        let id = try Self.exerciseId(context)
        do {
            guard try await workouts.deleteCustomExercise(id: id, userId: user.savedId) else { throw APIError.notFound }
            return .redirect(to: "/workouts/exercises?deleted=1")
        } catch let error as WorkoutError {
            // In use (409) or official (403): the list comes back as it was, the reason above it.
            return try await listPage(request: request, context: context, error: error.message, status: HTTPResponse.Status(code: error.httpStatus))
        }
    }

    /// An id that is not a UUID names nothing the person owns: 404, like another user's exercise.
    static func exerciseId(_ context: AppRequestContext) throws -> UUID {
        guard let id = context.parameters.get("id").flatMap(UUID.init(uuidString:)) else { throw APIError.notFound }
        return id
    }
}

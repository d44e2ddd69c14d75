import Foundation
import Storage
import Workouts

/// Renaming and deleting a person's own exercises (the web's `/workouts/exercises`). The catalogue's exercises are
/// fixed for everyone; another user's exercise is as unknown as one that never existed.
extension WorkoutService {
    /// The exercises the user made, in name order, each with how many logged sets use it.
    public func customExercisesWithSetCounts(userId: Int64) async throws -> [(exercise: WorkoutCustomExercise, sets: Int)] {
        let counts = try await database.customExerciseSetCounts(userId: userId)
        return try await customExercises(userId: userId).map { ($0, counts[$0.id] ?? 0) }
    }

    /// Renames the user's custom exercise by the rules a new one obeys (`createCustomExercise`): trimmed, 1–100
    /// characters, not an official exercise's name, and not a name another of the user's exercises has (folded by
    /// `ExerciseNameFold`, `exerciseNameTaken`). Nil when the user has no custom exercise with this id; an official
    /// id is `officialExerciseIsFixed`. A refused name changes nothing. The sets keep the exercise's id, so they show
    /// under the new name.
    public func renameCustomExercise(id: UUID, userId: Int64, name: String) async throws -> Exercise? {
        if ExerciseCatalog.exercise(id: id) != nil { throw WorkoutError.officialExerciseIsFixed }
        let key = id.uuidString.lowercased()
        // Unknown before invalid: another user's id answers the same whatever name was sent.
        guard try await database.customExercise(id: key, userId: userId) != nil else { return nil }
        let name = try SetValidator.exerciseName(name)
        if let official = ExerciseCatalog.official(named: name) { throw WorkoutError.officialExerciseName(official) }
        switch try await database.renameCustomExercise(id: key, userId: userId, to: name) {
        case .renamed(let stored): return try stored.exercise()
        case .nameTaken(let holder): throw WorkoutError.exerciseNameTaken(holder.name)
        case .notFound: return nil
        }
    }

    /// Deletes the user's custom exercise when no logged set uses it; with sets, `exerciseInUse` says how many and
    /// nothing changes. False when the user has no custom exercise with this id; an official id is
    /// `officialExerciseIsFixed`.
    public func deleteCustomExercise(id: UUID, userId: Int64) async throws -> Bool {
        if ExerciseCatalog.exercise(id: id) != nil { throw WorkoutError.officialExerciseIsFixed }
        let key = id.uuidString.lowercased()
        guard let stored = try await database.customExercise(id: key, userId: userId) else { return false }
        switch try await database.deleteCustomExercise(id: key, userId: userId) {
        case .deleted: return true
        case .inUse(let sets): throw WorkoutError.exerciseInUse(stored.name, sets: sets)
        case .notFound: return false
        }
    }
}

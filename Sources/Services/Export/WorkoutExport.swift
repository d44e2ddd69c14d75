import Foundation
import Health
import Storage
import Workouts

/// The Workouts part of the account's full JSON export: custom exercises, every set and the e1RM formula chosen.
public struct WorkoutExport: Encodable {
    public struct CustomExercise: Encodable {
        let id: String
        let name: String
    }

    public struct ExportedSet: Encodable {
        let id: String
        let exerciseId: String
        let exerciseName: String
        let setNumber: Int
        let weight: Double
        let reps: Int
        let rpe: Double?
        let notes: String?
        let performedAt: Date
        let date: String
    }

    public let customExercises: [CustomExercise]
    public let sets: [ExportedSet]
    /// The formula the account's estimated one-rep maxes are figured with (a setting of theirs).
    public let e1rmFormula: String

    public init(user: User, workouts: WorkoutService) async throws {
        let directory = try await workouts.exerciseDirectory(userId: user.savedId)
        e1rmFormula = try await workouts.formula(userId: user.savedId).rawValue
        customExercises = try await workouts.customExercises(userId: user.savedId).map { CustomExercise(id: $0.id, name: $0.name) }
        sets = try await workouts.allSets(userId: user.savedId).map { set in
            ExportedSet(
                id: set.id, exerciseId: set.exerciseId,
                exerciseName: UUID(uuidString: set.exerciseId).flatMap { directory[$0]?.name.en } ?? "",
                setNumber: set.setNumber, weight: set.weight, reps: set.reps, rpe: set.rpe, notes: set.notes,
                performedAt: set.performedAt, date: set.day
            )
        }
    }
}

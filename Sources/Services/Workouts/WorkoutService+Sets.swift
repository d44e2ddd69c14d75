import Foundation
import Storage
import Workouts

/// Reading and deleting one user's sets, for the web page and the BulkTrack API: what the controllers used to ask
/// the database for themselves. Every call is for one owner; another user's set is as absent as a missing one.
extension WorkoutService {
    /// The user's set with this id, nil for none (another user's included).
    public func set(id: String, userId: Int64) async throws -> WorkoutSetRecord? {
        try await database.workoutSet(id: id, userId: userId)
    }

    /// One page of the user's sets, filtered and ordered as `query` says.
    public func sets(userId: Int64, query: WorkoutSetQuery) async throws -> [WorkoutSetRecord] {
        try await database.workoutSets(userId: userId, query: query)
    }

    /// The user's latest set of an exercise with at least `minimumReps` reps (1 leaves out failed sets), to pre-fill
    /// or repeat the next one.
    public func lastSet(userId: Int64, exerciseId: UUID, minimumReps: Int = 0) async throws -> WorkoutSetRecord? {
        try await database.lastWorkoutSet(userId: userId, exerciseId: exerciseId.uuidString.lowercased(), minimumReps: minimumReps)
    }

    /// Deletes the user's set; false when there is none. Its idempotency keys are kept as tombstones
    /// (`AppDatabase.deleteWorkoutSet`), so a late resend does not bring it back.
    public func deleteSet(id: String, userId: Int64, now: Date) async throws -> Bool {
        try await database.deleteWorkoutSet(id: id, userId: userId, now: now)
    }

    /// The user's usage (last use, use count) of each exercise in the recent list, by exercise id.
    public func exerciseUsage(userId: Int64) async throws -> [String: WorkoutExerciseUsage] {
        try await database.exerciseUsage(userId: userId)
    }

    /// The records a stored set set against the user's other sets of its exercise, in the chosen formula: the page
    /// recomputes them after its redirect, which carries only the set's id.
    public func personalRecords(of set: WorkoutSetRecord, userId: Int64) async throws -> [PersonalRecord] {
        let previous = try await database.maxWeightByReps(userId: userId, exerciseId: set.exerciseId, excluding: set.id)
        return PersonalRecordDetector.records(
            for: (set.weight, set.reps), exerciseId: try set.logged().exerciseId, previousMaxWeightByReps: previous,
            formula: try await formula(userId: userId)
        )
    }
}

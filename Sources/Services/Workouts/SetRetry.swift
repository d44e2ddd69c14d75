import Foundation
import Storage

/// Whether a set sent with an `Idempotency-Key` the user already used is a retry of the create that stored
/// `stored`: the same exercise, weight, reps, RPE, notes (as validated: trimmed) and time. A time the client left
/// out (the web form's empty field, filled with the server's `now`) cannot be repeated by a retry, so it is not
/// compared. See `IdempotentRetry` for why an edited set is always a retry.
struct SetRetry {
    /// What this request would store.
    let set: WorkoutSetRecord
    let performedAtGiven: Bool

    func isAnswered(by stored: WorkoutSetRecord) -> Bool {
        if IdempotentRetry.changedSinceCreated(createdAt: stored.createdAt, updatedAt: stored.updatedAt) { return true }
        return stored.exerciseId == set.exerciseId
            && stored.reps == set.reps
            && IdempotentRetry.sameNumber(stored.weight, set.weight)
            && IdempotentRetry.sameNumber(stored.rpe, set.rpe)
            && stored.notes == set.notes
            && (!performedAtGiven || IdempotentRetry.sameInstant(stored.performedAt, set.performedAt))
    }
}

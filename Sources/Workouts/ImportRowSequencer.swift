import Foundation

/// What Strong and Hevy rows share: every set of a workout carries the workout's start time, so sets are
/// spaced one second apart in file order to keep their order; and a row's idempotency key is its natural key,
/// numbered when a file repeats it.
struct ImportRowSequencer {
    private var offsets: [String: Int] = [:]
    private var occurrences: [String: Int] = [:]

    /// The set's time: the workout's start plus one second per earlier set of the same workout.
    mutating func performedAt(workoutStart: Date, workoutKey: String) -> Date {
        let offset = offsets[workoutKey, default: 0]
        offsets[workoutKey] = offset + 1
        return workoutStart.addingTimeInterval(Double(offset))
    }

    mutating func sourceKey(_ base: String) -> String {
        let occurrence = occurrences[base, default: 0]
        occurrences[base] = occurrence + 1
        return occurrence == 0 ? base : "\(base)#\(occurrence)"
    }

    /// A reps cell, rounded to a whole count: nil when unreadable (not a number, or none a count of reps could be:
    /// NaN, 1e300), 0 when empty (a cardio or timed row) or below a half.
    static func reps(_ text: String) -> Double? {
        guard let reps = Double(text.isEmpty ? "0" : text), reps.isFinite, abs(reps) < 1e9 else { return nil }
        return reps.rounded()
    }

    /// A weight cell: empty means bodyweight only, 0 kg added.
    static func weight(_ text: String) -> Double? {
        Double(text.isEmpty ? "0" : text)
    }
}

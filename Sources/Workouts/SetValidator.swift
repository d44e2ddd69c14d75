import Foundation
import Health

/// The rules every logged set obeys, wherever it comes from (API, web form, CLI, CSV import).
public enum SetValidator {
    public static let weightRange = 0.0...1000.0
    /// 0 is a set attempted and failed (the contract's `reps: int` allows it); over 100 is a typo.
    public static let repsRange = 0...100
    public static let rpeRange = 1.0...10.0
    /// Clocks on phones drift and time zones confuse; a day ahead is tolerated, more is a mistake.
    public static let futureTolerance: TimeInterval = InstantWindow.clockTolerance
    public static let maxNotesLength = 1000

    /// Returns the input with notes trimmed (empty notes become nil), or throws the first rule it breaks.
    public static func validate(_ input: SetInput, now: Date) throws(WorkoutError) -> SetInput {
        guard input.weight.isFinite, weightRange.contains(input.weight) else { throw .weightOutOfRange(input.weight) }
        guard repsRange.contains(input.reps) else { throw .repsOutOfRange(input.reps) }
        if let rpe = input.rpe {
            guard rpe.isFinite, rpeRange.contains(rpe) else { throw .rpeOutOfRange(rpe) }
        }
        let window = InstantWindow.healthData(now: now)
        guard input.performedAt <= window.latest else { throw .futurePerformedAt }
        guard input.performedAt >= window.earliest else { throw WorkoutError(window.refusal(input.performedAt, field: "performedAt")) }
        var cleaned = input
        let notes = input.notes?.trimmingCharacters(in: .whitespacesAndNewlines)
        cleaned.notes = notes?.isEmpty == false ? notes : nil
        guard (cleaned.notes?.unicodeScalars.count ?? 0) <= maxNotesLength else { throw .notesTooLong }
        return cleaned
    }

    /// A custom exercise name: trimmed, 1–100 characters.
    public static func exerciseName(_ name: String) throws(WorkoutError) -> String {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard (1...100).contains(trimmed.unicodeScalars.count) else { throw .invalidExerciseName }
        return try NameText.check(trimmed, field: LocalizedText(ja: "種目名", en: "Exercise name"), in: WorkoutsDomain.self)
    }
}

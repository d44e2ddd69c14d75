import Foundation

/// The "weight×reps" shorthand people write in notebooks and type in terminals: "80x5", "82.5×3", "100 X 1",
/// "60kg x 10", "72,5x8" (decimal comma).
public enum SetNotation {
    public static func parse(_ text: String) throws(WorkoutError) -> (weight: Double, reps: Int) {
        let lowered = text.lowercased().replacingOccurrences(of: ",", with: ".").replacingOccurrences(of: "kg", with: "")
        let parts = lowered.split(whereSeparator: { $0 == "x" || $0 == "×" || $0 == "*" })
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, let weight = Double(parts[0]), let reps = Int(parts[1]) else { throw .invalidSetText(text) }
        return (weight, reps)
    }
}

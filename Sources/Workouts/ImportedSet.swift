import Foundation

/// A set read from another app's export, before it is matched to an exercise and stored.
public struct ImportedSet: Sendable, Equatable {
    /// The exercise as the other app named it.
    public let exerciseName: String
    public let weightKg: Double
    public let reps: Int
    public let rpe: Double?
    public let notes: String?
    public let performedAt: Date
    /// Identifies the row across imports of the same file (source, workout time, exercise, set order), so
    /// importing a file twice stores each set once.
    public let sourceKey: String

    public init(exerciseName: String, weightKg: Double, reps: Int, rpe: Double?, notes: String?, performedAt: Date, sourceKey: String) {
        self.exerciseName = exerciseName
        self.weightKg = weightKg
        self.reps = reps
        self.rpe = rpe
        self.notes = notes
        self.performedAt = performedAt
        self.sourceKey = sourceKey
    }
}

/// The result of reading an export: the sets, and how many rows were left out and why.
public struct ImportParse: Sendable, Equatable {
    public var sets: [ImportedSet] = []
    /// Rows without reps (cardio, timed holds) — nothing to log as a strength set.
    public var skippedWithoutReps = 0
    /// Rows that could not be read (bad date, bad number), by 1-based line number in the file.
    public var unreadableLines: [Int] = []
}

/// The exported weight unit, for apps (Strong) whose CSV does not say.
public enum WeightUnit: String, Sendable, CaseIterable {
    case kg, lb

    public func kilograms(_ value: Double) -> Double {
        switch self {
        case .kg: value
        case .lb: value * 0.45359237
        }
    }
}

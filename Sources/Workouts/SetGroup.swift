import Foundation
import Health

/// Sets of one exercise on one local day with the same rep count, summed. Because every e1RM formula is
/// weight × f(reps), these totals give exact volumes, mean and best e1RMs without reading every set —
/// which is what keeps a year-long dashboard over 50,000 sets fast.
public struct SetGroup: Sendable, Equatable {
    public let day: LocalDay
    public let exerciseId: UUID
    public let reps: Int
    public let setCount: Int
    public let weightSum: Double
    public let maxWeight: Double
    public let firstPerformedAt: Date

    public init(day: LocalDay, exerciseId: UUID, reps: Int, setCount: Int, weightSum: Double, maxWeight: Double, firstPerformedAt: Date) {
        self.day = day
        self.exerciseId = exerciseId
        self.reps = reps
        self.setCount = setCount
        self.weightSum = weightSum
        self.maxWeight = maxWeight
        self.firstPerformedAt = firstPerformedAt
    }

    /// Σ weight × reps.
    public var volume: Double { weightSum * Double(reps) }

    /// Σ e1RM over the group's sets.
    public func e1rmSum(_ formula: E1RMFormula) -> Double {
        weightSum * formula.factor(reps: Double(reps))
    }

    /// The best single-set e1RM in the group.
    public func bestE1RM(_ formula: E1RMFormula) -> Double {
        maxWeight * formula.factor(reps: Double(reps))
    }

    /// Groups individual sets (any order) into per-day, per-exercise, per-rep-count totals.
    public static func grouping(_ sets: [LoggedSet]) -> [SetGroup] {
        struct Key: Hashable { let day: LocalDay; let exerciseId: UUID; let reps: Int }
        var groups: [Key: SetGroup] = [:]
        for set in sets {
            let key = Key(day: set.day, exerciseId: set.exerciseId, reps: set.reps)
            if let existing = groups[key] {
                groups[key] = SetGroup(
                    day: set.day, exerciseId: set.exerciseId, reps: set.reps, setCount: existing.setCount + 1,
                    weightSum: existing.weightSum + set.weight, maxWeight: max(existing.maxWeight, set.weight),
                    firstPerformedAt: min(existing.firstPerformedAt, set.performedAt)
                )
            } else {
                groups[key] = SetGroup(
                    day: set.day, exerciseId: set.exerciseId, reps: set.reps, setCount: 1,
                    weightSum: set.weight, maxWeight: set.weight, firstPerformedAt: set.performedAt
                )
            }
        }
        return groups.values.sorted { ($0.day, $0.firstPerformedAt) < ($1.day, $1.firstPerformedAt) }
    }
}

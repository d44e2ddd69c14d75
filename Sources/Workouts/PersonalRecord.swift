import Foundation
import Health

/// A personal record a new set has just set, compared with every earlier set of the same exercise.
public struct PersonalRecord: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        /// Highest estimated 1RM.
        case e1rm
        /// Heaviest weight for this exact rep count.
        case weightForReps
        /// Highest single-set volume (weight × reps).
        case volume
    }

    public let kind: Kind
    public let exerciseId: UUID
    public let value: Double
    /// The best before this set (a first set beats nothing, so there always is one).
    public let previous: Double
    /// The rep count, for `weightForReps`.
    public let reps: Int?

    public init(kind: Kind, exerciseId: UUID, value: Double, previous: Double, reps: Int? = nil) {
        self.kind = kind
        self.exerciseId = exerciseId
        self.value = value
        self.previous = previous
        self.reps = reps
    }

    /// A sentence for the person: "New e1RM record: 93.3 kg (was 90 kg)".
    public func message(exerciseName: LocalizedText) -> LocalizedText {
        let value = WeightText.format(self.value)
        let previous = WeightText.format(self.previous)
        switch kind {
        case .e1rm:
            return .init(ja: "自己ベスト更新！ \(exerciseName.ja) 推定1RM \(value) kg（これまで \(previous) kg）",
                         en: "New record! \(exerciseName.en) estimated 1RM \(value) kg (was \(previous) kg)")
        case .weightForReps:
            let reps = self.reps ?? 0
            return .init(ja: "自己ベスト更新！ \(exerciseName.ja) \(reps)回で \(value) kg（これまで \(previous) kg）",
                         en: "New record! \(exerciseName.en) \(value) kg for \(reps) reps (was \(previous) kg)")
        case .volume:
            return .init(ja: "自己ベスト更新！ \(exerciseName.ja) 1セットのボリューム \(value) kg（これまで \(previous) kg）",
                         en: "New record! \(exerciseName.en) single-set volume \(value) kg (was \(previous) kg)")
        }
    }
}

/// Finds the records a set sets. Earlier sets are given as the heaviest weight lifted per rep count, which
/// is all the three records depend on (e1RM and volume both grow with weight at a fixed rep count).
public enum PersonalRecordDetector {
    public static func records(
        for set: (weight: Double, reps: Int), exerciseId: UUID, previousMaxWeightByReps: [Int: Double], formula: E1RMFormula
    ) -> [PersonalRecord] {
        // A set of 0 reps is an attempt that failed: it lifted nothing, so it neither sets a record nor raises the bar
        // for later sets (a missed 180 kg is no 180 kg 1RM).
        let lifted = previousMaxWeightByReps.filter { $0.key >= 1 }
        // Nothing to beat on the first set of an exercise: congratulating every first set would be noise.
        guard set.weight > 0, set.reps >= 1,
              let bestE1RM = lifted.map({ formula.estimate(weight: $0.value, reps: Double($0.key)) }).max(),
              let bestVolume = lifted.map({ $0.value * Double($0.key) }).max()
        else { return [] }
        var records: [PersonalRecord] = []
        let e1rm = formula.estimate(weight: set.weight, reps: Double(set.reps))
        if e1rm > bestE1RM + 1e-9 {
            records.append(PersonalRecord(kind: .e1rm, exerciseId: exerciseId, value: e1rm, previous: bestE1RM))
        }
        if let previous = lifted[set.reps], set.weight > previous {
            records.append(PersonalRecord(kind: .weightForReps, exerciseId: exerciseId, value: set.weight, previous: previous, reps: set.reps))
        }
        let volume = set.weight * Double(set.reps)
        if volume > bestVolume + 1e-9 {
            records.append(PersonalRecord(kind: .volume, exerciseId: exerciseId, value: volume, previous: bestVolume))
        }
        return records
    }
}

import Foundation
import Health

/// A stored set as the domain sees it. `day` is the local day it was performed on in the owner's time zone,
/// and `setNumber` its position among that day's sets of the same exercise.
public struct LoggedSet: Sendable, Equatable, Identifiable {
    public let id: UUID
    public let exerciseId: UUID
    public let setNumber: Int
    public let weight: Double
    public let reps: Int
    public let rpe: Double?
    public let notes: String?
    public let performedAt: Date
    public let day: LocalDay

    public init(id: UUID, exerciseId: UUID, setNumber: Int, weight: Double, reps: Int, rpe: Double?, notes: String?, performedAt: Date, day: LocalDay) {
        self.id = id
        self.exerciseId = exerciseId
        self.setNumber = setNumber
        self.weight = weight
        self.reps = reps
        self.rpe = rpe
        self.notes = notes
        self.performedAt = performedAt
        self.day = day
    }

    /// weight × reps.
    public var volume: Double { weight * Double(reps) }

    public func e1rm(_ formula: E1RMFormula) -> Double {
        formula.estimate(weight: weight, reps: Double(reps))
    }
}

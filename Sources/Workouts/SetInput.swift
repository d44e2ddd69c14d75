import Foundation

/// A set as a client describes it, before validation.
public struct SetInput: Sendable, Equatable {
    public var exerciseId: UUID
    public var weight: Double
    public var reps: Int
    public var rpe: Double?
    public var notes: String?
    public var performedAt: Date

    public init(exerciseId: UUID, weight: Double, reps: Int, rpe: Double? = nil, notes: String? = nil, performedAt: Date) {
        self.exerciseId = exerciseId
        self.weight = weight
        self.reps = reps
        self.rpe = rpe
        self.notes = notes
        self.performedAt = performedAt
    }
}

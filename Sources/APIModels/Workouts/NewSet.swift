import Foundation

/// `SetCreate` of the BulkTrack API: a set to log, as the phone sends it and the server decodes it.
public struct NewSet: Codable, Sendable, Equatable {
    public var exerciseId: String
    public var weight: Double
    public var reps: Int
    public var rpe: Double?
    public var notes: String?
    public var performedAt: Date

    public init(exerciseId: String, weight: Double, reps: Int, rpe: Double? = nil, notes: String? = nil, performedAt: Date) {
        self.exerciseId = exerciseId
        self.weight = weight
        self.reps = reps
        self.rpe = rpe
        self.notes = notes
        self.performedAt = performedAt
    }
}

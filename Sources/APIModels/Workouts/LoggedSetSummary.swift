import Foundation

/// `WorkoutSet` of the BulkTrack API, plus Kiroku's `personalRecords` on the answer to a create (absent elsewhere).
public struct LoggedSetSummary: Codable, Sendable, Equatable, Identifiable {
    public var id: String
    public var exerciseId: String
    public var setNumber: Int
    public var weight: Double
    public var reps: Int
    @ExplicitNull public var rpe: Double?
    @ExplicitNull public var notes: String?
    public var performedAt: Date
    public var personalRecords: [PersonalRecordSummary]?

    public init(
        id: String, exerciseId: String, setNumber: Int, weight: Double, reps: Int, rpe: Double?, notes: String?, performedAt: Date,
        personalRecords: [PersonalRecordSummary]? = nil
    ) {
        self.id = id
        self.exerciseId = exerciseId
        self.setNumber = setNumber
        self.weight = weight
        self.reps = reps
        self.rpe = rpe
        self.notes = notes
        self.performedAt = performedAt
        self.personalRecords = personalRecords
    }
}

/// A personal record a new set beat: kind, value, the previous best and a sentence for the person.
public struct PersonalRecordSummary: Codable, Sendable, Equatable {
    public var kind: String
    public var value: Double
    public var previous: Double
    public var reps: Int?
    public var message: String

    public init(kind: String, value: Double, previous: Double, reps: Int?, message: String) {
        self.kind = kind
        self.value = value
        self.previous = previous
        self.reps = reps
        self.message = message
    }
}

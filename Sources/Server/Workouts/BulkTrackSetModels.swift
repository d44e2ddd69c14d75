import Foundation
import Health
import Hummingbird
import Storage
import Workouts

/// `Exercise` of the BulkTrack API. Optional fields are written as `null`, never left out: the app decodes them.
struct BulkTrackExercise: Encodable {
    let id: String
    let name: String
    let isOfficial: Bool
    @ExplicitNull var lastUsedAt: Date?
    @ExplicitNull var useCount: Int?

    init(_ exercise: Exercise, usage: WorkoutExerciseUsage?, language: Language) {
        id = exercise.id.uuidString.lowercased()
        name = exercise.name.text(in: language)
        isOfficial = exercise.isOfficial
        lastUsedAt = usage?.lastUsedAt
        useCount = usage?.useCount
    }
}

/// `WorkoutSet` of the BulkTrack API, plus Kiroku's `personalRecords` on the answer to a create.
struct BulkTrackWorkoutSet: Encodable {
    let id: String
    let exerciseId: String
    let setNumber: Int
    let weight: Double
    let reps: Int
    @ExplicitNull var rpe: Double?
    @ExplicitNull var notes: String?
    let performedAt: Date
    let personalRecords: [BulkTrackPersonalRecord]?

    init(_ set: LoggedSet, personalRecords: [BulkTrackPersonalRecord]? = nil) {
        id = set.id.uuidString.lowercased()
        exerciseId = set.exerciseId.uuidString.lowercased()
        setNumber = set.setNumber
        weight = set.weight
        reps = set.reps
        rpe = set.rpe
        notes = set.notes
        performedAt = set.performedAt
        self.personalRecords = personalRecords
    }

    init(_ record: WorkoutSetRecord, personalRecords: [BulkTrackPersonalRecord]? = nil) throws(StoredRowError) {
        self.init(try record.logged(), personalRecords: personalRecords)
    }
}

/// A personal record set by a new set: kind, value, the previous best and a sentence for the person.
struct BulkTrackPersonalRecord: Encodable, Sendable {
    let kind: String
    let value: Double
    let previous: Double
    let reps: Int?
    let message: String

    init(_ record: PersonalRecord, exercise: Exercise, language: Language) {
        kind = record.kind.rawValue
        value = record.value
        previous = record.previous
        reps = record.reps
        message = record.message(exerciseName: exercise.name).text(in: language)
    }
}

/// `SetCreate` of the BulkTrack API.
struct BulkTrackSetCreate: Decodable {
    let exerciseId: String
    let weight: Double
    let reps: Int
    let rpe: Double?
    let notes: String?
    let performedAt: Date
}

/// A PATCH body: any subset of `SetCreate`'s fields. For `rpe` and `notes` an explicit `null` clears the value,
/// while a missing key leaves it; for the required fields `null` means "unchanged".
struct BulkTrackSetPatch: Decodable {
    var exerciseId: String?
    var weight: Double?
    var reps: Int?
    var rpe: Double??
    var notes: String??
    var performedAt: Date?

    private enum Keys: String, CodingKey { case exerciseId, weight, reps, rpe, notes, performedAt }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        exerciseId = try container.decodeIfPresent(String.self, forKey: .exerciseId)
        weight = try container.decodeIfPresent(Double.self, forKey: .weight)
        reps = try container.decodeIfPresent(Int.self, forKey: .reps)
        performedAt = try container.decodeIfPresent(Date.self, forKey: .performedAt)
        if container.contains(.rpe) { rpe = .some(try container.decodeIfPresent(Double.self, forKey: .rpe)) }
        if container.contains(.notes) { notes = .some(try container.decodeIfPresent(String.self, forKey: .notes)) }
    }
}

struct BulkTrackExerciseCreate: Decodable {
    let name: String
}

struct BulkTrackRefreshBody: Decodable {
    let refreshToken: String
}

extension BulkTrackWorkoutSet: ResponseEncodable {}
extension BulkTrackExercise: ResponseEncodable {}

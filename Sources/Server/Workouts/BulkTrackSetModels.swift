import APIModels
import Foundation
import Health
import Hummingbird
import Storage
import Workouts

extension ExerciseSummary {
    init(_ exercise: Exercise, usage: WorkoutExerciseUsage?, language: Language) {
        self.init(
            id: exercise.id.uuidString.lowercased(), name: exercise.name.text(in: language), isOfficial: exercise.isOfficial,
            lastUsedAt: usage?.lastUsedAt, useCount: usage?.useCount
        )
    }
}

extension LoggedSetSummary {
    init(_ set: LoggedSet, personalRecords: [PersonalRecordSummary]? = nil) {
        self.init(
            id: set.id.uuidString.lowercased(), exerciseId: set.exerciseId.uuidString.lowercased(), setNumber: set.setNumber,
            weight: set.weight, reps: set.reps, rpe: set.rpe, notes: set.notes, performedAt: set.performedAt,
            personalRecords: personalRecords
        )
    }

    init(_ record: WorkoutSetRecord, personalRecords: [PersonalRecordSummary]? = nil) throws(StoredRowError) {
        self.init(try record.logged(), personalRecords: personalRecords)
    }
}

extension PersonalRecordSummary {
    init(_ record: PersonalRecord, exercise: Exercise, language: Language) {
        self.init(
            kind: record.kind.rawValue, value: record.value, previous: record.previous, reps: record.reps,
            message: record.message(exerciseName: exercise.name).text(in: language)
        )
    }
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

/// `POST /v1/auth/apple`'s body. The contract spells the field `identity_token`; `identityToken` (the spelling of
/// the rest of this API) is read too.
struct BulkTrackAppleBody: Decodable {
    let identityToken: String

    enum CodingKeys: String, CodingKey {
        case snake = "identity_token"
        case camel = "identityToken"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        identityToken = try container.decodeIfPresent(String.self, forKey: .snake) ?? container.decode(String.self, forKey: .camel)
    }
}

extension LoggedSetSummary: ResponseEncodable {}
extension ExerciseSummary: ResponseEncodable {}

import Foundation
import GRDB
import Health
import Workouts

/// One stored set. Ids are lowercase UUID strings, the form the BulkTrack API speaks.
public struct WorkoutSetRecord: Codable, Sendable, Equatable, Identifiable {
    public var id: String
    public var userId: Int64
    public var exerciseId: String
    public var setNumber: Int
    public var weight: Double
    public var reps: Int
    public var rpe: Double?
    public var notes: String?
    public var performedAt: Date
    public var day: String
    /// The Monday of `day`'s week, kept so week totals group along an index instead of computing weeks per row.
    public var week: String
    public var createdAt: Date
    public var updatedAt: Date

    public init(id: UUID = UUID(), userId: Int64, input: SetInput, day: LocalDay, now: Date) {
        self.id = id.uuidString.lowercased()
        self.userId = userId
        self.exerciseId = input.exerciseId.uuidString.lowercased()
        self.setNumber = 0
        self.weight = input.weight
        self.reps = input.reps
        self.rpe = input.rpe
        self.notes = input.notes
        self.performedAt = input.performedAt
        self.day = day.description
        self.week = day.startOfWeek.description
        self.createdAt = now
        self.updatedAt = now
    }

    /// The set as the Workouts domain sees it.
    public var logged: LoggedSet {
        LoggedSet(
            id: UUID(uuidString: id)!, exerciseId: UUID(uuidString: exerciseId)!, setNumber: setNumber, weight: weight, reps: reps,
            rpe: rpe, notes: notes, performedAt: performedAt, day: LocalDay(day)!
        )
    }

    public var input: SetInput {
        SetInput(exerciseId: UUID(uuidString: exerciseId)!, weight: weight, reps: reps, rpe: rpe, notes: notes, performedAt: performedAt)
    }
}

extension WorkoutSetRecord: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "workoutSet"
}

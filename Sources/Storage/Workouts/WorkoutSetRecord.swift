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

    /// The set as the Workouts domain sees it. Reads check every row (`CheckedRecord`), so this throws only for a
    /// record built in code from bad values.
    public func logged() throws(StoredRowError) -> LoggedSet {
        guard let id = UUID(uuidString: id) else { throw problem("id") }
        guard let day = LocalDay(day) else { throw problem("day") }
        return LoggedSet(
            id: id, exerciseId: try exercise(), setNumber: setNumber, weight: weight, reps: reps,
            rpe: rpe, notes: notes, performedAt: performedAt, day: day
        )
    }

    public func input() throws(StoredRowError) -> SetInput {
        SetInput(exerciseId: try exercise(), weight: weight, reps: reps, rpe: rpe, notes: notes, performedAt: performedAt)
    }

    private func exercise() throws(StoredRowError) -> UUID {
        guard let exercise = UUID(uuidString: exerciseId) else { throw problem("exerciseId") }
        return exercise
    }

    private func problem(_ column: String) -> StoredRowError {
        StoredRowError(table: Self.databaseTableName, column: column, id: id)
    }
}

extension WorkoutSetRecord: CheckedRecord {
    public func check() throws(StoredRowError) {
        _ = try logged()
        guard LocalDay(week) != nil else { throw problem("week") }
    }
}

extension WorkoutSetRecord: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "workoutSet"

    public enum Columns {
        public static let id = Column(CodingKeys.id)
        public static let userId = Column(CodingKeys.userId)
        public static let exerciseId = Column(CodingKeys.exerciseId)
        public static let setNumber = Column(CodingKeys.setNumber)
        public static let weight = Column(CodingKeys.weight)
        public static let reps = Column(CodingKeys.reps)
        public static let rpe = Column(CodingKeys.rpe)
        public static let notes = Column(CodingKeys.notes)
        public static let performedAt = Column(CodingKeys.performedAt)
        public static let day = Column(CodingKeys.day)
        public static let week = Column(CodingKeys.week)
        public static let createdAt = Column(CodingKeys.createdAt)
        public static let updatedAt = Column(CodingKeys.updatedAt)
    }
}

extension WorkoutSetRecord: UserOwnedRecord {
    static var ownerColumn: Column { Columns.userId }
}

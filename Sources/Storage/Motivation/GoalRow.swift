import Foundation
import GRDB

/// A goal as stored: a metric, a direction (atLeast, atMost, withinRange with lower/upper), a target, where it
/// started, and an optional deadline (YYYY-MM-DD).
public struct GoalRow: Codable, Sendable, Equatable, Identifiable {
    public var id: Int64?
    public var userId: Int64
    public var metric: String
    public var direction: String
    public var target: Double
    public var lower: Double?
    public var upper: Double?
    public var startValue: Double
    public var startDay: String
    public var deadline: String?
    public var isActive: Bool
    public var createdAt: Date
    public var updatedAt: Date

    public init(
        id: Int64? = nil, userId: Int64, metric: String, direction: String, target: Double, lower: Double? = nil, upper: Double? = nil,
        startValue: Double, startDay: String, deadline: String? = nil, isActive: Bool = true, createdAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.userId = userId
        self.metric = metric
        self.direction = direction
        self.target = target
        self.lower = lower
        self.upper = upper
        self.startValue = startValue
        self.startDay = startDay
        self.deadline = deadline
        self.isActive = isActive
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

extension GoalRow: FetchableRecord, MutablePersistableRecord, UserOwnedRecord {
    public static let databaseTableName = "goal"
    static var ownerColumn: Column { Columns.userId }

    public enum Columns {
        public static let id = Column(CodingKeys.id)
        public static let userId = Column(CodingKeys.userId)
        public static let isActive = Column(CodingKeys.isActive)
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

/// One line of a goal's history: created, achieved, targetChanged, abandoned, deadlinePassed.
public struct GoalHistoryRow: Codable, Sendable, Equatable {
    public var id: Int64?
    public var userId: Int64
    public var goalId: Int64
    public var day: String
    public var event: String
    /// The new target, for created and targetChanged.
    public var value: Double?
    public var createdAt: Date

    public init(id: Int64? = nil, userId: Int64, goalId: Int64, day: String, event: String, value: Double? = nil, createdAt: Date) {
        self.id = id
        self.userId = userId
        self.goalId = goalId
        self.day = day
        self.event = event
        self.value = value
        self.createdAt = createdAt
    }
}

extension GoalHistoryRow: FetchableRecord, MutablePersistableRecord, UserOwnedRecord {
    public static let databaseTableName = "goalHistory"
    static var ownerColumn: Column { Columns.userId }

    public enum Columns {
        public static let id = Column(CodingKeys.id)
        public static let userId = Column(CodingKeys.userId)
        public static let goalId = Column(CodingKeys.goalId)
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

/// A suggestion the user dismissed: the same kind for the same metric rests for 14 days.
public struct GoalSuggestionDismissalRow: Codable, Sendable, Equatable {
    public var id: Int64?
    public var userId: Int64
    public var kind: String
    public var metric: String
    public var day: String
    public var createdAt: Date

    public init(id: Int64? = nil, userId: Int64, kind: String, metric: String, day: String, createdAt: Date) {
        self.id = id
        self.userId = userId
        self.kind = kind
        self.metric = metric
        self.day = day
        self.createdAt = createdAt
    }
}

extension GoalSuggestionDismissalRow: FetchableRecord, MutablePersistableRecord, UserOwnedRecord {
    public static let databaseTableName = "goalSuggestionDismissal"
    static var ownerColumn: Column { Columns.userId }

    public enum Columns {
        public static let userId = Column(CodingKeys.userId)
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

extension AppDatabase {
    public func goals(userId: Int64) async throws -> [GoalRow] {
        try await reader.read { db in try GoalRow.owned(by: userId).order(GoalRow.Columns.id).fetchReadable(db) }
    }

    public func goal(id: Int64, userId: Int64) async throws -> GoalRow? {
        try await reader.read { db in try GoalRow.owned(by: userId).filter(key: id).fetchOne(db) }
    }

    /// Inserts a goal with its "created" history line.
    public func insertGoal(_ goal: GoalRow, now: Date) async throws -> GoalRow {
        try await writer.write { db in
            var row = goal
            try row.insert(db)
            var history = GoalHistoryRow(userId: goal.userId, goalId: try row.savedId, day: goal.startDay, event: "created", value: goal.target, createdAt: now)
            try history.insert(db)
            return row
        }
    }

    /// Saves a changed goal (the caller's own) and appends history lines.
    public func updateGoal(_ goal: GoalRow, history: [GoalHistoryRow]) async throws {
        try await writer.write { db in
            guard try GoalRow.owned(by: goal.userId).filter(key: goal.id).fetchCount(db) == 1 else { return }
            try goal.update(db)
            for var line in history where line.userId == goal.userId && line.goalId == goal.id {
                try line.insert(db)
            }
        }
    }

    public func appendGoalHistory(_ lines: [GoalHistoryRow]) async throws {
        try await writer.write { db in
            for var line in lines {
                guard try GoalRow.owned(by: line.userId).filter(key: line.goalId).fetchCount(db) == 1 else { continue }
                try line.insert(db)
            }
        }
    }

    @discardableResult
    public func deleteGoal(id: Int64, userId: Int64) async throws -> Bool {
        try await writer.write { db in try GoalRow.owned(by: userId).filter(key: id).deleteAll(db) > 0 }
    }

    public func goalHistory(userId: Int64) async throws -> [GoalHistoryRow] {
        try await reader.read { db in try GoalHistoryRow.owned(by: userId).order(GoalHistoryRow.Columns.id).fetchReadable(db) }
    }

    public func suggestionDismissals(userId: Int64) async throws -> [GoalSuggestionDismissalRow] {
        try await reader.read { db in try GoalSuggestionDismissalRow.owned(by: userId).fetchReadable(db) }
    }

    public func insertSuggestionDismissal(_ dismissal: GoalSuggestionDismissalRow) async throws {
        try await writer.write { db in
            var row = dismissal
            try row.insert(db)
        }
    }
}

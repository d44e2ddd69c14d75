import Foundation
import GRDB

/// A weekday step target Kiroku suggested on a day: kept so next week's suggestion can rise at most 10 % above it.
public struct StepTargetSuggestionRow: Codable, Sendable, Equatable {
    public var id: Int64?
    public var userId: Int64
    /// The local day the suggestion was made (YYYY-MM-DD).
    public var day: String
    /// 1 = Sunday … 7 = Saturday.
    public var weekday: Int
    public var value: Double
    public var createdAt: Date

    public init(id: Int64? = nil, userId: Int64, day: String, weekday: Int, value: Double, createdAt: Date) {
        self.id = id
        self.userId = userId
        self.day = day
        self.weekday = weekday
        self.value = value
        self.createdAt = createdAt
    }
}

extension StepTargetSuggestionRow: FetchableRecord, MutablePersistableRecord, UserOwnedRecord {
    public static let databaseTableName = "stepTargetSuggestion"
    static var ownerColumn: Column { Columns.userId }

    public enum Columns {
        public static let userId = Column(CodingKeys.userId)
        public static let day = Column(CodingKeys.day)
        public static let weekday = Column(CodingKeys.weekday)
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

extension Migrations {
    /// The step targets suggested each day (issue 12), for the "at most last week × 1.10" cap.
    static func stepTargetSuggestions(_ db: Database) throws {
        try db.create(table: "stepTargetSuggestion") { t in
            t.autoIncrementedPrimaryKey("id")
            t.belongsTo("user", onDelete: .cascade).notNull()
            t.column("day", .text).notNull()
            t.column("weekday", .integer).notNull()
            t.column("value", .double).notNull()
            t.column("createdAt", .datetime).notNull()
        }
        try db.create(index: "stepTargetSuggestion_byUserDayWeekday", on: "stepTargetSuggestion", columns: ["userId", "day", "weekday"], unique: true)
    }
}

extension AppDatabase {
    /// The user's suggested step targets made on days `first`…`last` (inclusive), oldest day first.
    public func stepTargetSuggestions(userId: Int64, first: String, last: String) async throws -> [StepTargetSuggestionRow] {
        try await reader.read { db in
            try StepTargetSuggestionRow.owned(by: userId)
                .filter(StepTargetSuggestionRow.Columns.day >= first && StepTargetSuggestionRow.Columns.day <= last)
                .order(StepTargetSuggestionRow.Columns.day, StepTargetSuggestionRow.Columns.weekday)
                .fetchAll(db)
        }
    }

    /// Keeps `targets` as the suggestion of `day`, replacing what that day held (a later look the same day wins).
    public func saveStepTargetSuggestions(userId: Int64, day: String, targets: [(weekday: Int, value: Double)], now: Date) async throws {
        try await writer.write { db in
            _ = try StepTargetSuggestionRow.owned(by: userId).filter(StepTargetSuggestionRow.Columns.day == day).deleteAll(db)
            for target in targets {
                var row = StepTargetSuggestionRow(userId: userId, day: day, weekday: target.weekday, value: target.value, createdAt: now)
                try row.insert(db)
            }
        }
    }
}

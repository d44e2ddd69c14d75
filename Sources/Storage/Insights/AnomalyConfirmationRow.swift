import Foundation
import GRDB

/// A day's value its owner said is right ("this is right" on a flagged value): that metric's day is not flagged
/// again. Deleted with the account.
public struct AnomalyConfirmationRow: Codable, Sendable, Equatable {
    public var userId: Int64
    public var metric: String
    /// The local day, "2026-10-03".
    public var day: String
    public var confirmedAt: Date

    public init(userId: Int64, metric: String, day: String, confirmedAt: Date) {
        self.userId = userId
        self.metric = metric
        self.day = day
        self.confirmedAt = confirmedAt
    }
}

extension AnomalyConfirmationRow: FetchableRecord, PersistableRecord, UserOwnedRecord {
    public static let databaseTableName = "anomalyConfirmation"
    static var ownerColumn: Column { Columns.userId }

    public enum Columns {
        public static let userId = Column(CodingKeys.userId)
        public static let metric = Column(CodingKeys.metric)
        public static let day = Column(CodingKeys.day)
    }
}

extension Migrations {
    static func anomalyConfirmations(_ db: Database) throws {
        try db.create(table: "anomalyConfirmation") { t in
            t.belongsTo("user", onDelete: .cascade).notNull()
            t.column("metric", .text).notNull()
            t.column("day", .text).notNull()
            t.column("confirmedAt", .datetime).notNull()
            t.primaryKey(["userId", "metric", "day"])
        }
    }
}

extension AppDatabase {
    /// Remembers that the owner confirmed the day's value; confirming twice changes nothing.
    public func confirmAnomaly(_ row: AnomalyConfirmationRow) async throws {
        try await writer.write { db in try row.insert(db, onConflict: .ignore) }
    }

    /// The (metric, day) pairs the owner confirmed.
    public func anomalyConfirmations(userId: Int64) async throws -> [AnomalyConfirmationRow] {
        try await reader.read { db in try AnomalyConfirmationRow.owned(by: userId).fetchAll(db) }
    }

    /// Deletes the owner's records of one metric whose start is in [from, to): "delete it" on a flagged day.
    /// Returns how many went.
    public func deleteRecords(userId: Int64, metric: String, from: Date, to: Date) async throws -> Int {
        try await writer.write { db in
            try HealthRecord.owned(by: userId).filter { $0.metric == metric && $0.startAt >= from && $0.startAt < to }.deleteAll(db)
        }
    }
}

import Foundation
import GRDB

/// One badge a user was awarded: the badge's catalog id, which time (1 for a one-off badge), and when.
public struct BadgeAwardRow: Codable, Sendable, Equatable, Identifiable {
    public var id: Int64?
    public var userId: Int64
    public var badgeId: String
    public var sequence: Int
    public var awardedAt: Date
    public var celebratedAt: Date?

    public init(id: Int64? = nil, userId: Int64, badgeId: String, sequence: Int, awardedAt: Date, celebratedAt: Date? = nil) {
        self.id = id
        self.userId = userId
        self.badgeId = badgeId
        self.sequence = sequence
        self.awardedAt = awardedAt
        self.celebratedAt = celebratedAt
    }

    /// The inbox subject of the message announcing an award of `badgeId`.
    public static func inboxSubject(_ badgeId: String) -> String {
        "badge:\(badgeId)"
    }
}

extension BadgeAwardRow: FetchableRecord, MutablePersistableRecord, UserOwnedRecord {
    public static let databaseTableName = "badgeAward"
    static var ownerColumn: Column { Columns.userId }

    public enum Columns {
        public static let id = Column(CodingKeys.id)
        public static let userId = Column(CodingKeys.userId)
        public static let badgeId = Column(CodingKeys.badgeId)
        public static let sequence = Column(CodingKeys.sequence)
        public static let awardedAt = Column(CodingKeys.awardedAt)
        public static let celebratedAt = Column(CodingKeys.celebratedAt)
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

/// A pause (holiday, illness): its days neither count nor break a streak, and send no reminders.
public struct MotivationPauseRow: Codable, Sendable, Equatable, Identifiable {
    public var id: Int64?
    public var userId: Int64
    public var firstDay: String
    public var lastDay: String
    public var createdAt: Date

    public init(id: Int64? = nil, userId: Int64, firstDay: String, lastDay: String, createdAt: Date) {
        self.id = id
        self.userId = userId
        self.firstDay = firstDay
        self.lastDay = lastDay
        self.createdAt = createdAt
    }
}

extension MotivationPauseRow: FetchableRecord, MutablePersistableRecord, UserOwnedRecord {
    public static let databaseTableName = "motivationPause"
    static var ownerColumn: Column { Columns.userId }

    public enum Columns {
        public static let userId = Column(CodingKeys.userId)
        public static let firstDay = Column(CodingKeys.firstDay)
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

extension AppDatabase {
    /// Adds a pause (the caller has checked its length with Motivation's PauseRange). `admit` sees the owner's
    /// pauses inside the same write and may throw to refuse, so a check against them cannot race another insert.
    public func insertPause(
        _ pause: MotivationPauseRow, admit: @Sendable ([MotivationPauseRow]) throws -> Void = { _ in }
    ) async throws -> MotivationPauseRow {
        try await writer.write { db in
            try admit(try MotivationPauseRow.owned(by: pause.userId).fetchReadable(db))
            var row = pause
            try row.insert(db)
            return row
        }
    }
}

extension AppDatabase {
    @discardableResult
    public func deletePause(id: Int64, userId: Int64) async throws -> Bool {
        try await writer.write { db in try MotivationPauseRow.owned(by: userId).filter(key: id).deleteAll(db) > 0 }
    }
}

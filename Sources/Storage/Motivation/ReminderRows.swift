import Foundation
import GRDB

/// A user's reminder settings: on or off, a time they chose (else the median of recent entries), quiet hours, a
/// webhook or ntfy topic, and the hash of their calendar feed's secret token.
public struct ReminderSettingRow: Codable, Sendable, Equatable {
    public var userId: Int64
    public var enabled: Bool
    /// HH:MM, or nil for the usual time from recent entries.
    public var preferredTime: String?
    public var quietStart: String
    public var quietEnd: String
    public var webhookURL: String?
    public var webhookFormat: WebhookFormat
    /// SHA-256 (`TokenHash`) of the private calendar feed's token, nil until a feed is made. The token itself is shown
    /// once, when made, and never stored (the old `calendarToken` column is NULL and no longer written).
    public var calendarTokenHash: String?
    public var updatedAt: Date

    public init(
        userId: Int64, enabled: Bool = true, preferredTime: String? = nil, quietStart: String = "22:00", quietEnd: String = "07:00",
        webhookURL: String? = nil, webhookFormat: WebhookFormat = .json, calendarTokenHash: String? = nil, updatedAt: Date
    ) {
        self.userId = userId
        self.enabled = enabled
        self.preferredTime = preferredTime
        self.quietStart = quietStart
        self.quietEnd = quietEnd
        self.webhookURL = webhookURL
        self.webhookFormat = webhookFormat
        self.calendarTokenHash = calendarTokenHash
        self.updatedAt = updatedAt
    }
}

extension ReminderSettingRow: FetchableRecord, PersistableRecord, UserOwnedRecord {
    public static let databaseTableName = "reminderSetting"
    static var ownerColumn: Column { Columns.userId }

    public enum Columns {
        public static let userId = Column(CodingKeys.userId)
        public static let calendarTokenHash = Column(CodingKeys.calendarTokenHash)
    }
}

/// One reminder sent (or being sent) on one channel: the idempotency key is unique, so only one server, once,
/// gets to send it.
public struct ReminderLogRow: Codable, Sendable, Equatable {
    public var id: Int64?
    public var userId: Int64
    public var day: String
    public var channel: String
    public var idempotencyKey: String
    public var sentAt: Date
    /// sending, sent or failed.
    public var status: String

    public init(id: Int64? = nil, userId: Int64, day: String, channel: String, idempotencyKey: String, sentAt: Date, status: String) {
        self.id = id
        self.userId = userId
        self.day = day
        self.channel = channel
        self.idempotencyKey = idempotencyKey
        self.sentAt = sentAt
        self.status = status
    }
}

extension ReminderLogRow: FetchableRecord, MutablePersistableRecord, UserOwnedRecord {
    public static let databaseTableName = "reminderLog"
    static var ownerColumn: Column { Columns.userId }

    public enum Columns {
        public static let id = Column(CodingKeys.id)
        public static let userId = Column(CodingKeys.userId)
        public static let day = Column(CodingKeys.day)
        public static let channel = Column(CodingKeys.channel)
        public static let idempotencyKey = Column(CodingKeys.idempotencyKey)
        public static let status = Column(CodingKeys.status)
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

extension AppDatabase {
    public func reminderSetting(userId: Int64) async throws -> ReminderSettingRow? {
        try await reader.read { db in try ReminderSettingRow.owned(by: userId).fetchOne(db) }
    }

    public func saveReminderSetting(_ setting: ReminderSettingRow) async throws {
        try await writer.write { db in try setting.save(db) }
    }

    /// The settings whose feed token hashes to `calendarTokenHash`, whoever owns them: the token is the credential.
    public func reminderSetting(calendarTokenHash: String) async throws -> ReminderSettingRow? {
        try await reader.read { db in
            try ReminderSettingRow.filter(ReminderSettingRow.Columns.calendarTokenHash == calendarTokenHash).fetchOne(db)
        }
    }

    public func reminderLog(userId: Int64, since day: String) async throws -> [ReminderLogRow] {
        try await reader.read { db in
            try ReminderLogRow.owned(by: userId).filter(ReminderLogRow.Columns.day >= day).order(ReminderLogRow.Columns.id).fetchReadable(db)
        }
    }

    /// Claims a reminder before it is sent: true for the one caller whose insert of the idempotency key succeeded.
    /// A second pass, a restart or another server finds the key taken and sends nothing.
    public func claimReminder(_ row: ReminderLogRow) async throws -> Bool {
        try await writer.write { db in
            var row = row
            try row.insert(db, onConflict: .ignore)
            return db.changesCount > 0
        }
    }

    public func markReminder(key: String, status: String) async throws {
        try await writer.write { db in
            _ = try ReminderLogRow.filter(ReminderLogRow.Columns.idempotencyKey == key).updateAll(db, ReminderLogRow.Columns.status.set(to: status))
        }
    }

    /// The instants of the user's latest manual entries (for the usual time of day).
    public func recentManualRecordTimes(userId: Int64, limit: Int) async throws -> [Date] {
        try await reader.read { db in
            try Date.fetchReadable(db, SQLRequest<Date>(
                sql: "SELECT startAt FROM healthRecord WHERE userId = ? AND source = 'manual' ORDER BY startAt DESC LIMIT ?", arguments: [userId, limit]
            ))
        }
    }
}

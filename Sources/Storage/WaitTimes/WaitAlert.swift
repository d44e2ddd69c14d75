import Foundation
import GRDB
import Health
import WaitTimes

/// A user's "tell me when <store> is ≤ N minutes" subscription.
public struct WaitAlert: Codable, Sendable, Equatable, Identifiable {
    public var id: Int64?
    public var userId: Int64
    public var storeId: String
    public var maxMinutes: Int
    public var day: LocalDay
    public var fromTime: TimeOfDay?
    public var untilTime: TimeOfDay?
    public var webhookURL: String?
    public var webhookFormat: WebhookFormat
    public var createdAt: Date
    public var firedAt: Date?

    public init(
        id: Int64? = nil, userId: Int64, storeId: String, maxMinutes: Int, day: LocalDay, fromTime: TimeOfDay? = nil,
        untilTime: TimeOfDay? = nil, webhookURL: String? = nil, webhookFormat: WebhookFormat = .json, createdAt: Date, firedAt: Date? = nil
    ) {
        self.id = id
        self.userId = userId
        self.storeId = storeId
        self.maxMinutes = maxMinutes
        self.day = day
        self.fromTime = fromTime
        self.untilTime = untilTime
        self.webhookURL = webhookURL
        self.webhookFormat = webhookFormat
        self.createdAt = createdAt
        self.firedAt = firedAt
    }

    public var rule: AlertRule {
        AlertRule(storeId: storeId, maxMinutes: maxMinutes, day: day, from: fromTime, until: untilTime, firedAt: firedAt)
    }
}

extension WaitAlert: FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "waitAlert"

    public enum Columns {
        public static let id = Column(CodingKeys.id)
        public static let userId = Column(CodingKeys.userId)
        public static let storeId = Column(CodingKeys.storeId)
        public static let maxMinutes = Column(CodingKeys.maxMinutes)
        public static let day = Column(CodingKeys.day)
        public static let fromTime = Column(CodingKeys.fromTime)
        public static let untilTime = Column(CodingKeys.untilTime)
        public static let webhookURL = Column(CodingKeys.webhookURL)
        public static let webhookFormat = Column(CodingKeys.webhookFormat)
        public static let createdAt = Column(CodingKeys.createdAt)
        public static let firedAt = Column(CodingKeys.firedAt)
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

/// An alert that fired, with the observation that fired it — for the webhook sent after the transaction.
public struct FiredAlert: Sendable, Equatable {
    public var alert: WaitAlert
    public let observation: WaitObservation
    public let message: InboxMessage
}

extension WaitAlert: UserOwnedRecord {
    static var ownerColumn: Column { Columns.userId }
}

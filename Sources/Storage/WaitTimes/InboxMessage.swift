import Foundation
import GRDB
import Health

/// A note in a user's in-app inbox (a wait alert, a personal record, …). Generic on purpose: any system posts here.
public struct InboxMessage: Codable, Sendable, Equatable, Identifiable {
    public var id: Int64?
    public var userId: Int64
    public var createdAt: Date
    /// What posted it, e.g. "wait-alert".
    public var kind: String
    public var titleJa: String
    public var titleEn: String
    public var bodyJa: String
    public var bodyEn: String
    public var readAt: Date?
    /// What the message announces, when it can be taken back ("badge:first-step"): withdrawing a badge removes
    /// its message, so one undone and redone task does not leave two "badge earned" notes.
    public var subject: String?

    public init(
        id: Int64? = nil, userId: Int64, createdAt: Date, kind: String, title: LocalizedText, body: LocalizedText, readAt: Date? = nil,
        subject: String? = nil
    ) {
        self.id = id
        self.userId = userId
        self.createdAt = createdAt
        self.kind = kind
        titleJa = title.ja
        titleEn = title.en
        bodyJa = body.ja
        bodyEn = body.en
        self.readAt = readAt
        self.subject = subject
    }

    public var title: LocalizedText { LocalizedText(ja: titleJa, en: titleEn) }
    public var body: LocalizedText { LocalizedText(ja: bodyJa, en: bodyEn) }
}

extension InboxMessage: FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "inboxMessage"

    public enum Columns {
        public static let id = Column(CodingKeys.id)
        public static let userId = Column(CodingKeys.userId)
        public static let createdAt = Column(CodingKeys.createdAt)
        public static let kind = Column(CodingKeys.kind)
        public static let titleJa = Column(CodingKeys.titleJa)
        public static let titleEn = Column(CodingKeys.titleEn)
        public static let bodyJa = Column(CodingKeys.bodyJa)
        public static let bodyEn = Column(CodingKeys.bodyEn)
        public static let readAt = Column(CodingKeys.readAt)
        public static let subject = Column(CodingKeys.subject)
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

extension InboxMessage: UserOwnedRecord {
    static var ownerColumn: Column { Columns.userId }
}

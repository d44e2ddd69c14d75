import Foundation
import GRDB

/// One Kafka message waiting in the outbox.
public struct OutboxMessage: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "gatewayOutbox"

    public enum Columns {
        public static let id = Column(CodingKeys.id)
        public static let userId = Column(CodingKeys.userId)
        public static let messageKey = Column(CodingKeys.messageKey)
        public static let payload = Column(CodingKeys.payload)
        public static let createdAt = Column(CodingKeys.createdAt)
    }

    public var id: Int64?
    public var userId: Int64
    /// Partition key: all of one phone user's samples share it, so Kafka keeps them in order.
    public var messageKey: String
    public var payload: Data
    public var createdAt: Date

    public init(id: Int64? = nil, userId: Int64, messageKey: String, payload: Data, createdAt: Date) {
        self.id = id
        self.userId = userId
        self.messageKey = messageKey
        self.payload = payload
        self.createdAt = createdAt
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

/// An outbox row as the relay publishes it.
public struct PendingOutboxMessage: Sendable, Equatable {
    public let id: Int64
    public let key: String
    public let payload: Data
}

/// How full the outbox is, for `/metrics` and the 503 guard.
public struct OutboxState: Sendable, Equatable {
    public let depth: Int
    public let oldest: Date?
}

/// The outbox has reached its bound: the gateway answers 503 (retryable) and stores nothing.
public struct OutboxFull: Error, Sendable, Equatable {
    public let depth: Int
}

extension OutboxMessage: UserOwnedRecord {
    static var ownerColumn: Column { Columns.userId }
}

import Foundation
import GRDB

/// Kafka messages waiting in the outbox: one row per gateway batch (and per key within it), holding `messageCount`
/// messages (see `OutboxFraming`). The row's id is the sequence number of its last message; its messages are numbered
/// `id - messageCount + 1` through `id`, and those numbers are the ids the relay publishes and removes by.
public struct OutboxMessage: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "gatewayOutbox"

    public enum Columns {
        public static let id = Column(CodingKeys.id)
        public static let userId = Column(CodingKeys.userId)
        public static let messageKey = Column(CodingKeys.messageKey)
        public static let payload = Column(CodingKeys.payload)
        public static let createdAt = Column(CodingKeys.createdAt)
        public static let messageCount = Column(CodingKeys.messageCount)
        public static let header = Column(CodingKeys.header)
    }

    public var id: Int64?
    public var userId: Int64
    /// Partition key: all of one phone user's samples share it, so Kafka keeps them in order.
    public var messageKey: String
    /// The message itself when `messageCount` is 1, else the framed messages.
    public var payload: Data
    public var createdAt: Date
    public var messageCount: Int
    /// What every message of the row shares, stored once (see `ingestGatewayBatch(_:outboxLimit:messageHeader:message:)`).
    public var header: Data?

    /// One message.
    public init(id: Int64? = nil, userId: Int64, messageKey: String, payload: Data, createdAt: Date) {
        self.init(id: id, userId: userId, messageKey: messageKey, payload: payload, createdAt: createdAt, messageCount: 1, header: nil)
    }

    init(id: Int64?, userId: Int64, messageKey: String, payload: Data, createdAt: Date, messageCount: Int, header: Data?) {
        self.id = id
        self.userId = userId
        self.messageKey = messageKey
        self.payload = payload
        self.createdAt = createdAt
        self.messageCount = messageCount
        self.header = header
    }

    /// The same row holding `messages` (its own, or some of them) under `id`.
    func holding(_ messages: [(sequence: Int64, payload: Data)]) -> OutboxMessage {
        OutboxMessage(
            id: messages.last?.sequence, userId: userId, messageKey: messageKey, payload: OutboxFraming.payload(of: messages.map(\.payload)),
            createdAt: createdAt, messageCount: messages.count, header: header
        )
    }

    /// The sequence number of the row's first message.
    var firstSequence: Int64 { (id ?? 0) - Int64(messageCount) + 1 }

    /// The row's messages with their sequence numbers.
    func messages() throws -> [(sequence: Int64, payload: Data)] {
        let first = firstSequence
        return try OutboxFraming.messages(in: payload, count: messageCount, id: id ?? 0).enumerated().map { (first + Int64($0.offset), $0.element) }
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

/// An outbox message as the relay reads it; `id` is its sequence number, `header` what it shares with the other
/// messages of its row.
public struct PendingOutboxMessage: Sendable, Equatable {
    public let id: Int64
    public let key: String
    public let payload: Data
    public let header: Data?
}

/// How full the outbox is, for `/metrics` and the 503 guard.
public struct OutboxState: Sendable, Equatable {
    public let depth: Int
    public let oldest: Date?
    /// Messages set aside because their row could not be read (`quarantineOutbox(rowHolding:reason:now:)`).
    public let quarantined: Int
}

/// The outbox has reached its bound: the gateway answers 503 (retryable) and stores nothing.
public struct OutboxFull: Error, Sendable, Equatable {
    public let depth: Int
}

extension OutboxMessage: UserOwnedRecord {
    static var ownerColumn: Column { Columns.userId }
}

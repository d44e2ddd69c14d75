import Foundation
import GRDB

/// One stored run of the sync agent.
public struct SyncAttemptRecord: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "syncAttempt"

    public enum Columns {
        public static let id = Column(CodingKeys.id)
        public static let userId = Column(CodingKeys.userId)
        public static let startedAt = Column(CodingKeys.startedAt)
        public static let duration = Column(CodingKeys.duration)
        public static let status = Column(CodingKeys.status)
        public static let sent = Column(CodingKeys.sent)
        public static let rejected = Column(CodingKeys.rejected)
        public static let retries = Column(CodingKeys.retries)
        public static let httpStatus = Column(CodingKeys.httpStatus)
        public static let error = Column(CodingKeys.error)
    }

    public var id: Int64?
    public var userId: Int64
    public var startedAt: Date
    public var duration: Double
    public var status: String
    public var sent: Int
    public var rejected: Int
    public var retries: Int
    public var httpStatus: Int?
    public var error: String?

    public init(userId: Int64, startedAt: Date, duration: Double, status: String, sent: Int, rejected: Int, retries: Int, httpStatus: Int?, error: String?) {
        self.userId = userId
        self.startedAt = startedAt
        self.duration = duration
        self.status = status
        self.sent = sent
        self.rejected = rejected
        self.retries = retries
        self.httpStatus = httpStatus
        self.error = error
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

extension SyncAttemptRecord: UserOwnedRecord {
    static var ownerColumn: Column { Columns.userId }
}

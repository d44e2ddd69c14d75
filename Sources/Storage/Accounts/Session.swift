import Foundation
import GRDB

/// A signed-in browser. The cookie holds the token; the database holds only its hash.
public struct Session: Codable, Sendable, Equatable {
    public var tokenHash: String
    public var userId: Int64
    public var csrfToken: String
    public var createdAt: Date
    public var expiresAt: Date

    public init(tokenHash: String, userId: Int64, csrfToken: String, createdAt: Date, expiresAt: Date) {
        self.tokenHash = tokenHash
        self.userId = userId
        self.csrfToken = csrfToken
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }
}

extension Session: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "session"

    public enum Columns {
        public static let tokenHash = Column(CodingKeys.tokenHash)
        public static let userId = Column(CodingKeys.userId)
        public static let csrfToken = Column(CodingKeys.csrfToken)
        public static let createdAt = Column(CodingKeys.createdAt)
        public static let expiresAt = Column(CodingKeys.expiresAt)
    }
}

extension Session: UserOwnedRecord {
    static var ownerColumn: Column { Columns.userId }
}

import Foundation
import GRDB

/// A credential for wait-time feeds (`PUT /api/stores/{id}/waittime`). Server-wide, not a user's: created with
/// `kiroku stores operator-token create`, kept only as a SHA-256 hash.
public struct OperatorToken: Codable, Sendable, Equatable, Identifiable {
    public var id: Int64?
    public var name: String
    public var tokenHash: String
    public var prefix: String
    public var createdAt: Date
    public var lastUsedAt: Date?

    public init(id: Int64? = nil, name: String, tokenHash: String, prefix: String, createdAt: Date, lastUsedAt: Date? = nil) {
        self.id = id
        self.name = name
        self.tokenHash = tokenHash
        self.prefix = prefix
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
    }
}

extension OperatorToken: FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "operatorToken"

    public enum Columns {
        public static let id = Column(CodingKeys.id)
        public static let name = Column(CodingKeys.name)
        public static let tokenHash = Column(CodingKeys.tokenHash)
        public static let prefix = Column(CodingKeys.prefix)
        public static let createdAt = Column(CodingKeys.createdAt)
        public static let lastUsedAt = Column(CodingKeys.lastUsedAt)
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

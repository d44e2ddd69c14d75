import Foundation
import GRDB

/// A personal API token. Its secret is shown once at creation; only the hash and a short prefix
/// (so people can tell their tokens apart) are kept.
public struct APIToken: Codable, Sendable, Equatable, Identifiable {
    public var id: Int64?
    public var userId: Int64
    public var name: String
    public var tokenHash: String
    public var prefix: String
    public var createdAt: Date
    public var lastUsedAt: Date?
    /// The client address of that last use (noted at most once a minute per token and address).
    public var lastAddress: String?

    public init(id: Int64? = nil, userId: Int64, name: String, tokenHash: String, prefix: String, createdAt: Date, lastUsedAt: Date? = nil) {
        self.id = id
        self.userId = userId
        self.name = name
        self.tokenHash = tokenHash
        self.prefix = prefix
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
    }
}

extension APIToken: FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "apiToken"

    public enum Columns {
        public static let id = Column(CodingKeys.id)
        public static let userId = Column(CodingKeys.userId)
        public static let name = Column(CodingKeys.name)
        public static let tokenHash = Column(CodingKeys.tokenHash)
        public static let prefix = Column(CodingKeys.prefix)
        public static let createdAt = Column(CodingKeys.createdAt)
        public static let lastUsedAt = Column(CodingKeys.lastUsedAt)
        public static let lastAddress = Column(CodingKeys.lastAddress)
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

extension APIToken: UserOwnedRecord {
    static var ownerColumn: Column { Columns.userId }
}

extension Migrations {
    /// Where a token was last used from, for the list of signed-in browsers and tokens (issue 17).
    static func tokenAddresses(_ db: Database) throws {
        try db.alter(table: "apiToken") { t in
            t.add(column: "lastAddress", .text)
        }
    }
}

import Foundation
import GRDB

/// A signed-in browser. The cookie holds the token; the database holds only its hash.
public struct Session: Codable, Sendable, Equatable {
    public var tokenHash: String
    public var userId: Int64
    public var csrfToken: String
    public var createdAt: Date
    public var expiresAt: Date
    /// Updated at most every few minutes, so a busy browser does not write on every page.
    public var lastUsedAt: Date?
    /// The browser's User-Agent at sign-in, cut to 300 characters.
    public var userAgent: String?
    /// The client address at sign-in.
    public var address: String?

    public init(
        tokenHash: String, userId: Int64, csrfToken: String, createdAt: Date, expiresAt: Date, lastUsedAt: Date? = nil,
        userAgent: String? = nil, address: String? = nil
    ) {
        self.tokenHash = tokenHash
        self.userId = userId
        self.csrfToken = csrfToken
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.lastUsedAt = lastUsedAt
        self.userAgent = userAgent.map { String($0.prefix(300)) }
        self.address = address
    }

    /// What Settings and the API call a session: the start of its token's hash, which cannot sign anyone in.
    public var publicId: String { String(tokenHash.prefix(16)) }
}

extension Session: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "session"

    public enum Columns {
        public static let tokenHash = Column(CodingKeys.tokenHash)
        public static let userId = Column(CodingKeys.userId)
        public static let csrfToken = Column(CodingKeys.csrfToken)
        public static let createdAt = Column(CodingKeys.createdAt)
        public static let expiresAt = Column(CodingKeys.expiresAt)
        public static let lastUsedAt = Column(CodingKeys.lastUsedAt)
        public static let userAgent = Column(CodingKeys.userAgent)
        public static let address = Column(CodingKeys.address)
    }
}

extension Session: UserOwnedRecord {
    static var ownerColumn: Column { Columns.userId }
}

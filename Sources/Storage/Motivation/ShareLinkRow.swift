import Foundation
import GRDB

/// A public link to a user's share card. Only the SHA-256 of its random token is kept, so the address cannot be read
/// back from the database; the privacy choices ticked at creation are stored with it. Revoking deletes the row.
public struct ShareLinkRow: Codable, Sendable, Equatable {
    public var id: Int64?
    public var userId: Int64
    public var tokenHash: String
    /// portrait or landscape.
    public var layout: String
    /// ja or en: the owner's language when the link was made, for the card's text and the Open Graph page.
    public var language: String
    public var showsWeight: Bool
    public var showsBMI: Bool
    public var showsName: Bool
    public var showsDates: Bool
    public var createdAt: Date

    public init(
        id: Int64? = nil, userId: Int64, tokenHash: String, layout: String, language: String,
        showsWeight: Bool = false, showsBMI: Bool = false, showsName: Bool = false, showsDates: Bool = false, createdAt: Date
    ) {
        self.id = id
        self.userId = userId
        self.tokenHash = tokenHash
        self.layout = layout
        self.language = language
        self.showsWeight = showsWeight
        self.showsBMI = showsBMI
        self.showsName = showsName
        self.showsDates = showsDates
        self.createdAt = createdAt
    }
}

extension ShareLinkRow: FetchableRecord, MutablePersistableRecord, UserOwnedRecord {
    public static let databaseTableName = "shareLink"
    static var ownerColumn: Column { Columns.userId }

    public enum Columns {
        public static let id = Column(CodingKeys.id)
        public static let userId = Column(CodingKeys.userId)
        public static let tokenHash = Column(CodingKeys.tokenHash)
        public static let createdAt = Column(CodingKeys.createdAt)
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

extension Migrations {
    /// Public share links (issue 12): a token hash, the layout, language and privacy choices, the owner.
    static func shareLinks(_ db: Database) throws {
        try db.create(table: "shareLink") { t in
            t.autoIncrementedPrimaryKey("id")
            t.belongsTo("user", onDelete: .cascade).notNull()
            t.column("tokenHash", .text).notNull().unique()
            t.column("layout", .text).notNull()
            t.column("language", .text).notNull()
            t.column("showsWeight", .boolean).notNull().defaults(to: false)
            t.column("showsBMI", .boolean).notNull().defaults(to: false)
            t.column("showsName", .boolean).notNull().defaults(to: false)
            t.column("showsDates", .boolean).notNull().defaults(to: false)
            t.column("createdAt", .datetime).notNull()
        }
    }
}

extension AppDatabase {
    public func insertShareLink(_ row: ShareLinkRow) async throws -> ShareLinkRow {
        try await writer.write { db in
            var row = row
            try row.insert(db)
            return row
        }
    }

    /// The user's links, newest first.
    public func shareLinks(userId: Int64) async throws -> [ShareLinkRow] {
        try await reader.read { db in
            try ShareLinkRow.owned(by: userId).order(ShareLinkRow.Columns.createdAt.desc, ShareLinkRow.Columns.id.desc).fetchAll(db)
        }
    }

    /// The link whose token hashes to `tokenHash`, whoever owns it: the token is the credential.
    public func shareLink(tokenHash: String) async throws -> ShareLinkRow? {
        try await reader.read { db in
            try ShareLinkRow.filter(ShareLinkRow.Columns.tokenHash == tokenHash).fetchOne(db)
        }
    }

    /// Deletes the user's link `id`; false when there is none (or it is someone else's).
    public func deleteShareLink(id: Int64, userId: Int64) async throws -> Bool {
        try await writer.write { db in
            try ShareLinkRow.owned(by: userId).filter(ShareLinkRow.Columns.id == id).deleteAll(db) > 0
        }
    }
}

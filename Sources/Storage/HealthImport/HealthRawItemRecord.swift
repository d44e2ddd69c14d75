import Foundation
import GRDB

/// Something an import kept as written because Kiroku has no metric for it (ActivitySummary, Me, new types).
public struct HealthRawItemRecord: Codable, Sendable, Equatable, Identifiable {
    public var id: Int64?
    public var userId: Int64
    /// `Record`, `ActivitySummary`, `Me`, …
    public var element: String
    public var type: String
    public var value: String?
    public var unit: String?
    public var startAt: Date?
    public var endAt: Date?
    public var utcOffsetSeconds: Int?
    public var sourceName: String?
    /// JSON objects as written at import.
    public var attributes: String
    public var metadata: String
    public var naturalKey: Int64
    public var createdAt: Date
}

extension HealthRawItemRecord: FetchableRecord, TableRecord {
    public static let databaseTableName = "healthRawItem"

    public enum Columns {
        public static let id = Column(CodingKeys.id)
        public static let userId = Column(CodingKeys.userId)
        public static let element = Column(CodingKeys.element)
        public static let type = Column(CodingKeys.type)
        public static let value = Column(CodingKeys.value)
        public static let unit = Column(CodingKeys.unit)
        public static let startAt = Column(CodingKeys.startAt)
        public static let endAt = Column(CodingKeys.endAt)
        public static let utcOffsetSeconds = Column(CodingKeys.utcOffsetSeconds)
        public static let sourceName = Column(CodingKeys.sourceName)
        public static let attributes = Column(CodingKeys.attributes)
        public static let metadata = Column(CodingKeys.metadata)
        public static let naturalKey = Column(CodingKeys.naturalKey)
        public static let createdAt = Column(CodingKeys.createdAt)
    }
}

extension HealthRawItemRecord: UserOwnedRecord {
    static var ownerColumn: Column { Columns.userId }
}

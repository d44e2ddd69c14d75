import Foundation
import GRDB

/// A stored correlation (blood pressure, food): its own facts and the natural-key slots of its samples.
public struct HealthCorrelationRecord: Codable, Sendable, Equatable, Identifiable {
    public var id: Int64?
    public var userId: Int64
    public var type: String
    public var startAt: Date
    public var endAt: Date
    public var utcOffsetSeconds: Int?
    public var sourceName: String
    /// JSON object as written at import.
    public var metadata: String
    /// JSON array of the `naturalKey` slots of the member rows in healthRecord or healthRawItem.
    public var memberKeys: String
    public var naturalKey: Int64
    public var createdAt: Date

    /// The member slots, decoded.
    public var memberSlots: [Int64] {
        (try? JSONDecoder().decode([Int64].self, from: Data(memberKeys.utf8))) ?? []
    }
}

extension HealthCorrelationRecord: FetchableRecord, TableRecord {
    public static let databaseTableName = "healthCorrelation"

    public enum Columns {
        public static let id = Column(CodingKeys.id)
        public static let userId = Column(CodingKeys.userId)
        public static let type = Column(CodingKeys.type)
        public static let startAt = Column(CodingKeys.startAt)
        public static let endAt = Column(CodingKeys.endAt)
        public static let utcOffsetSeconds = Column(CodingKeys.utcOffsetSeconds)
        public static let sourceName = Column(CodingKeys.sourceName)
        public static let metadata = Column(CodingKeys.metadata)
        public static let memberKeys = Column(CodingKeys.memberKeys)
        public static let naturalKey = Column(CodingKeys.naturalKey)
        public static let createdAt = Column(CodingKeys.createdAt)
    }
}

extension HealthCorrelationRecord: UserOwnedRecord {
    static var ownerColumn: Column { Columns.userId }
}

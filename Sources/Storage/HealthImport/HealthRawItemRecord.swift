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
}

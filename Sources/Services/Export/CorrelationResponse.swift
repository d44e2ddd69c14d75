import Foundation
import Storage

/// An imported correlation as the export shows it: its facts and the ids of its samples in `records`.
public struct CorrelationResponse: Encodable, Sendable {
    public let id: Int64
    public let type: String
    public let start: Date
    public let end: Date
    public let utcOffsetSeconds: Int?
    public let sourceName: String
    public let metadata: String
    /// The member samples' ids in the export's `records` (members Kiroku keeps raw are in `healthRawItems`).
    public let recordIds: [Int64]

    public init(_ correlation: HealthCorrelationRecord, recordIds: [Int64]) throws(StoredRowError) {
        id = try correlation.savedId
        type = correlation.type
        start = correlation.startAt
        end = correlation.endAt
        utcOffsetSeconds = correlation.utcOffsetSeconds
        sourceName = correlation.sourceName
        metadata = correlation.metadata
        self.recordIds = recordIds
    }
}

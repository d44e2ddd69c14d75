import Foundation
import Storage

/// An imported correlation as the export shows it: its facts and the ids of its samples in `records`.
struct CorrelationResponse: Encodable, Sendable {
    let id: Int64
    let type: String
    let start: Date
    let end: Date
    let utcOffsetSeconds: Int?
    let sourceName: String
    let metadata: String
    /// The member samples' ids in the export's `records` (members Kiroku keeps raw are in `healthRawItems`).
    let recordIds: [Int64]

    init(_ correlation: HealthCorrelationRecord, recordIds: [Int64]) throws(StoredRowError) {
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

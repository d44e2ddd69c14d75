import Foundation
import Storage

/// Something an import kept as written (ActivitySummary, Me, types without a metric), as the export shows it.
struct RawItemResponse: Encodable, Sendable {
    let id: Int64
    let element: String
    let type: String
    let value: String?
    let unit: String?
    let start: Date?
    let end: Date?
    let utcOffsetSeconds: Int?
    let sourceName: String?
    let attributes: String
    let metadata: String

    init(_ item: HealthRawItemRecord) throws(StoredRowError) {
        id = try item.savedId
        element = item.element
        type = item.type
        value = item.value
        unit = item.unit
        start = item.startAt
        end = item.endAt
        utcOffsetSeconds = item.utcOffsetSeconds
        sourceName = item.sourceName
        attributes = item.attributes
        metadata = item.metadata
    }
}

import Foundation
import Storage

/// Something an import kept as written (ActivitySummary, Me, types without a metric), as the export shows it.
public struct RawItemResponse: Encodable, Sendable {
    public let id: Int64
    public let element: String
    public let type: String
    public let value: String?
    public let unit: String?
    public let start: Date?
    public let end: Date?
    public let utcOffsetSeconds: Int?
    public let sourceName: String?
    public let attributes: StoredJSON
    public let metadata: StoredJSON

    public init(_ item: HealthRawItemRecord) throws(StoredRowError) {
        id = try item.savedId
        element = item.element
        type = item.type
        value = item.value
        unit = item.unit
        start = item.startAt
        end = item.endAt
        utcOffsetSeconds = item.utcOffsetSeconds
        sourceName = item.sourceName
        attributes = StoredJSON(text: item.attributes)
        metadata = StoredJSON(text: item.metadata)
    }
}

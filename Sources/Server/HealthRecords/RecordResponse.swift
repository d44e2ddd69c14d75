import Foundation
import Health
import Hummingbird
import Storage

/// A record as the API shows it.
struct RecordResponse: Codable, Sendable {
    let id: Int64
    let metric: String
    let value: Double
    let unit: String
    let originalValue: Double
    let originalUnit: String
    let start: Date
    let end: Date
    let utcOffsetSeconds: Int?
    let source: String
    let sourceName: String?
    let device: String?
    let metadata: [String: String]?
    let clientId: String?
    let createdAt: Date
    let updatedAt: Date
    let warnings: [WarningResponse]?

    struct WarningResponse: Codable, Sendable {
        let code: String
        let message: String
    }

    init(_ record: HealthRecord, warnings: [ValidationWarning]? = nil, language: Language) throws(StoredRowError) {
        id = try record.savedId
        metric = record.metric
        value = record.value
        unit = MetricCatalog.metric(named: record.metric)?.canonicalUnit ?? record.originalUnit
        originalValue = record.originalValue
        originalUnit = record.originalUnit
        start = record.startAt
        end = record.endAt
        utcOffsetSeconds = record.utcOffsetSeconds
        source = record.source
        sourceName = record.sourceName
        device = record.device
        metadata = record.metadata
        clientId = record.externalId
        createdAt = record.createdAt
        updatedAt = record.updatedAt
        self.warnings = warnings.map { $0.map { WarningResponse(code: $0.code, message: $0.message.text(in: language)) } }
    }
}

struct RecordListResponse: ResponseEncodable {
    let records: [RecordResponse]
    let nextCursor: String?
}

struct CreatedRecordsResponse: ResponseEncodable {
    let records: [RecordResponse]
}

extension RecordResponse: ResponseEncodable {}

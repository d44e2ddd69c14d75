import Foundation
import Health
import Storage

/// A record as the API shows it.
public struct RecordResponse: Codable, Sendable {
    public let id: Int64
    public let metric: String
    public let value: Double
    public let unit: String
    public let originalValue: Double
    public let originalUnit: String
    public let start: Date
    public let end: Date
    public let utcOffsetSeconds: Int?
    public let source: String
    public let sourceName: String?
    public let device: String?
    public let metadata: [String: String]?
    public let clientId: String?
    public let createdAt: Date
    public let updatedAt: Date
    /// The recording app's version and when it created the sample (Apple Health imports); absent when not known.
    public let sourceVersion: String?
    public let sourceCreatedAt: Date?
    public let warnings: [WarningResponse]?

    public struct WarningResponse: Codable, Sendable {
        public let code: String
        public let message: String
    }

    public init(_ record: HealthRecord, warnings: [ValidationWarning]? = nil, language: Language) throws(StoredRowError) {
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
        sourceVersion = record.sourceVersion
        sourceCreatedAt = record.sourceCreatedAt
        self.warnings = warnings.map { $0.map { WarningResponse(code: $0.code, message: $0.message.text(in: language)) } }
    }
}

import Foundation

/// A record read back from Kiroku's own records export (`kiroku export --format csv`, Settings → Export), to be
/// stored as it was: its source (a manual entry stays editable), client id, and the times it was written keep what
/// the export says, where an Apple Health sample becomes the import's own.
public struct RestoredRecord: Sendable, Equatable {
    public var metric: String
    /// In the metric's canonical unit.
    public var value: Double
    public var originalValue: Double
    public var originalUnit: String
    public var startAt: Date
    public var endAt: Date
    /// Nil when the record never had one (the export leaves the column empty).
    public var utcOffsetSeconds: Int?
    public var source: RecordSource
    public var sourceName: String?
    public var device: String?
    public var metadata: [String: String]?
    /// The client's id (`externalId`): a client retrying, or Health Auto Export re-sending a day, finds the record.
    public var clientId: String?
    public var createdAt: Date
    public var updatedAt: Date
    /// The key the record had where it came from, so the same export, an Apple Health export holding the same
    /// samples, or the gateway sending them again is recognised as already present.
    public var naturalKey: NaturalKey
    /// The recording app's version and when it created the sample (`source_version`, `source_created_at_utc`); nil in
    /// an export from before those columns.
    public var sourceVersion: String?
    public var sourceCreatedAt: Date?

    public init(
        metric: String, value: Double, originalValue: Double, originalUnit: String, startAt: Date, endAt: Date,
        utcOffsetSeconds: Int?, source: RecordSource, sourceName: String?, device: String?, metadata: [String: String]?,
        clientId: String?, createdAt: Date, updatedAt: Date, naturalKey: NaturalKey,
        sourceVersion: String? = nil, sourceCreatedAt: Date? = nil
    ) {
        self.metric = metric
        self.value = value
        self.originalValue = originalValue
        self.originalUnit = originalUnit
        self.startAt = startAt
        self.endAt = endAt
        self.utcOffsetSeconds = utcOffsetSeconds
        self.source = source
        self.sourceName = sourceName
        self.device = device
        self.metadata = metadata
        self.clientId = clientId
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.naturalKey = naturalKey
        self.sourceVersion = sourceVersion
        self.sourceCreatedAt = sourceCreatedAt
    }
}

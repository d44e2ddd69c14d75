import Foundation
import GRDB
import Health

/// One stored health sample, owned by one user.
public struct HealthRecord: Codable, Sendable, Equatable, Identifiable {
    public var id: Int64?
    public var userId: Int64
    public var metric: String
    /// In the metric's canonical unit; conversions happen once, on the way in.
    public var value: Double
    public var originalValue: Double
    public var originalUnit: String
    public var startAt: Date
    public var endAt: Date
    /// Seconds east of UTC at the source, when the source said; lets a day be shown as the person lived it.
    public var utcOffsetSeconds: Int?
    public var source: String
    public var sourceName: String?
    public var device: String?
    /// Free-form string metadata, kept as a JSON object.
    public var metadata: [String: String]?
    public var externalId: String?
    public var createdAt: Date
    public var updatedAt: Date
    /// The version of the app that recorded the sample (an Apple Health export's `sourceVersion`), when it said.
    public var sourceVersion: String?
    /// When that app created the sample (an Apple Health export's `creationDate`), when it said and it could be read.
    public var sourceCreatedAt: Date?

    public init(
        id: Int64? = nil,
        userId: Int64,
        metric: String,
        value: Double,
        originalValue: Double,
        originalUnit: String,
        startAt: Date,
        endAt: Date,
        utcOffsetSeconds: Int? = nil,
        source: RecordSource,
        sourceName: String? = nil,
        device: String? = nil,
        metadata: [String: String]? = nil,
        externalId: String? = nil,
        createdAt: Date,
        sourceVersion: String? = nil,
        sourceCreatedAt: Date? = nil
    ) {
        self.id = id
        self.userId = userId
        self.metric = metric
        self.value = value
        self.originalValue = originalValue
        self.originalUnit = originalUnit
        self.startAt = startAt
        self.endAt = endAt
        self.utcOffsetSeconds = utcOffsetSeconds
        self.source = source.rawValue
        self.sourceName = sourceName
        self.device = device
        self.metadata = metadata
        self.externalId = externalId
        self.createdAt = createdAt
        self.updatedAt = createdAt
        self.sourceVersion = sourceVersion
        self.sourceCreatedAt = sourceCreatedAt
    }
}

extension HealthRecord: FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "healthRecord"

    /// Every column, with `device` read from the owner's `healthDevice` table for imported rows, which store its
    /// id instead of the text (migration `v12-health-devices`). The id comes from the owner's own table when the row
    /// is written, so looking it up by id alone stays within the owner's data. SQLite's COALESCE only runs the
    /// look-up for a row without text.
    public static var databaseSelection: [any SQLSelectable] {
        [
            .allColumns(excluding: ["device", "deviceId"]),
            SQL("COALESCE(device, (SELECT description FROM healthDevice WHERE healthDevice.id = deviceId)) AS device"),
        ]
    }

    public enum Columns {
        public static let id = Column(CodingKeys.id)
        public static let userId = Column(CodingKeys.userId)
        public static let metric = Column(CodingKeys.metric)
        public static let value = Column(CodingKeys.value)
        public static let originalValue = Column(CodingKeys.originalValue)
        public static let originalUnit = Column(CodingKeys.originalUnit)
        public static let startAt = Column(CodingKeys.startAt)
        public static let endAt = Column(CodingKeys.endAt)
        public static let utcOffsetSeconds = Column(CodingKeys.utcOffsetSeconds)
        public static let source = Column(CodingKeys.source)
        public static let sourceName = Column(CodingKeys.sourceName)
        public static let device = Column(CodingKeys.device)
        public static let metadata = Column(CodingKeys.metadata)
        public static let externalId = Column(CodingKeys.externalId)
        public static let createdAt = Column(CodingKeys.createdAt)
        public static let updatedAt = Column(CodingKeys.updatedAt)
        public static let sourceVersion = Column(CodingKeys.sourceVersion)
        public static let sourceCreatedAt = Column(CodingKeys.sourceCreatedAt)
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

extension HealthRecord: UserOwnedRecord {
    static var ownerColumn: Column { Columns.userId }
}

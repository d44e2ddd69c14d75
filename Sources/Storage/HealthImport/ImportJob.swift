import Foundation
import GRDB
import Health

/// One import of one file: where it is, how far it got, and what it did per type.
public struct ImportJob: Codable, Sendable, Equatable, Identifiable {
    public enum State: String, Codable, Sendable {
        case queued, running, succeeded, failed
    }

    public enum Kind: String, Codable, Sendable {
        case appleHealth = "apple-health"
        case csv
    }

    public var id: Int64?
    public var userId: Int64
    public var kind: Kind
    public var fileName: String
    public var fileSize: Int
    /// Size plus a hash of the file's first bytes: a resumed job must be reading the same file.
    public var fingerprint: String
    public var state: State
    public var bytesProcessed: Int
    public var bytesTotal: Int
    /// Top-level items whose rows are committed; a resumed import skips this many.
    public var itemsCommitted: Int
    /// Per metric id, raw HealthKit type, "workout" or correlation type.
    public var counts: [String: ImportTally]
    public var skippedReasons: [String: Int]
    /// Records kept raw (with their type, unit, value, metadata and source) instead of becoming samples, per
    /// `KeptRawReason`: nothing is dropped, and this says how much waits for a Kiroku that can map it.
    public var keptRawReasons: [String: Int]
    /// Profile fields this import filled from the export's `<Me>` (only ever fields that were empty).
    public var profileFilled: [ProfileCharacteristic]
    /// When the phone wrote the export (its `<ExportDate>`), and the UTC offset it was written in; nil for files
    /// without one (CSV, Health Auto Export) and jobs imported before it was kept.
    public var exportedAt: Date?
    public var exportedAtUtcOffsetSeconds: Int?
    public var errorCode: String?
    public var errorMessageJa: String?
    public var errorMessageEn: String?
    /// The uploaded copy on disk (web/API uploads); deleted after the import unless `keepFile`.
    public var storedPath: String?
    public var keepFile: Bool
    public var createdAt: Date
    public var startedAt: Date?
    public var finishedAt: Date?
    public var durationSeconds: Double?

    public init(userId: Int64, kind: Kind, fileName: String, fileSize: Int, fingerprint: String,
                storedPath: String? = nil, keepFile: Bool = false, createdAt: Date) {
        self.userId = userId
        self.kind = kind
        self.fileName = fileName
        self.fileSize = fileSize
        self.fingerprint = fingerprint
        self.state = .queued
        self.bytesProcessed = 0
        self.bytesTotal = fileSize
        self.itemsCommitted = 0
        self.counts = [:]
        self.skippedReasons = [:]
        self.keptRawReasons = [:]
        self.profileFilled = []
        self.storedPath = storedPath
        self.keepFile = keepFile
        self.createdAt = createdAt
    }

    /// Totals over every type.
    public var total: ImportTally {
        counts.values.reduce(into: ImportTally()) { sum, tally in
            sum.imported += tally.imported
            sum.alreadyPresent += tally.alreadyPresent
            sum.skipped += tally.skipped
        }
    }

    public var isFinished: Bool { state == .succeeded || state == .failed }

    /// When the phone wrote the export, with the offset it wrote it in.
    public var exportedInstant: Instant? {
        exportedAt.map { Instant($0, utcOffsetSeconds: exportedAtUtcOffsetSeconds ?? 0) }
    }
}

/// What happened to the items of one type.
public struct ImportTally: Codable, Sendable, Equatable {
    public var imported = 0
    /// Already stored by an earlier import, the gateway or manual entry (same natural key).
    public var alreadyPresent = 0
    public var skipped = 0

    public init(imported: Int = 0, alreadyPresent: Int = 0, skipped: Int = 0) {
        self.imported = imported
        self.alreadyPresent = alreadyPresent
        self.skipped = skipped
    }
}

extension ImportJob: FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "importJob"

    public enum Columns {
        public static let id = Column(CodingKeys.id)
        public static let userId = Column(CodingKeys.userId)
        public static let kind = Column(CodingKeys.kind)
        public static let fileName = Column(CodingKeys.fileName)
        public static let fileSize = Column(CodingKeys.fileSize)
        public static let fingerprint = Column(CodingKeys.fingerprint)
        public static let state = Column(CodingKeys.state)
        public static let bytesProcessed = Column(CodingKeys.bytesProcessed)
        public static let bytesTotal = Column(CodingKeys.bytesTotal)
        public static let itemsCommitted = Column(CodingKeys.itemsCommitted)
        public static let counts = Column(CodingKeys.counts)
        public static let skippedReasons = Column(CodingKeys.skippedReasons)
        public static let keptRawReasons = Column(CodingKeys.keptRawReasons)
        public static let profileFilled = Column(CodingKeys.profileFilled)
        public static let exportedAt = Column(CodingKeys.exportedAt)
        public static let exportedAtUtcOffsetSeconds = Column(CodingKeys.exportedAtUtcOffsetSeconds)
        public static let errorCode = Column(CodingKeys.errorCode)
        public static let errorMessageJa = Column(CodingKeys.errorMessageJa)
        public static let errorMessageEn = Column(CodingKeys.errorMessageEn)
        public static let storedPath = Column(CodingKeys.storedPath)
        public static let keepFile = Column(CodingKeys.keepFile)
        public static let createdAt = Column(CodingKeys.createdAt)
        public static let startedAt = Column(CodingKeys.startedAt)
        public static let finishedAt = Column(CodingKeys.finishedAt)
        public static let durationSeconds = Column(CodingKeys.durationSeconds)
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

extension ImportJob: UserOwnedRecord {
    static var ownerColumn: Column { Columns.userId }
}

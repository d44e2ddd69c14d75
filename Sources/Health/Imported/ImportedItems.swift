import Foundation

/// A sample of a catalog metric, its value converted to the metric's canonical unit by the catalog.
public struct ImportedSample: Sendable, Equatable {
    public var metric: String
    public var value: Double
    public var originalValue: Double
    public var originalUnit: String
    public var startAt: Date
    public var endAt: Date
    public var utcOffsetSeconds: Int
    public var sourceName: String
    public var device: String?
    /// MetadataEntry pairs, the category value of category samples, unknown attributes (as "@name").
    public var metadata: [String: String]?
    public var naturalKey: NaturalKey
    /// The version of the app that recorded the sample (Apple Health's `sourceVersion`); nil when not said.
    public var sourceVersion: String?
    /// When that app created the sample (Apple Health's `creationDate`); nil when not said or not readable (the text
    /// is then kept in `metadata`).
    public var sourceCreatedAt: Date?

    public init(metric: String, value: Double, originalValue: Double, originalUnit: String, startAt: Date, endAt: Date, utcOffsetSeconds: Int, sourceName: String, device: String? = nil, metadata: [String: String]? = nil, naturalKey: NaturalKey, sourceVersion: String? = nil, sourceCreatedAt: Date? = nil) {
        self.metric = metric
        self.value = value
        self.originalValue = originalValue
        self.originalUnit = originalUnit
        self.startAt = startAt
        self.endAt = endAt
        self.utcOffsetSeconds = utcOffsetSeconds
        self.sourceName = sourceName
        self.device = device
        self.metadata = metadata
        self.naturalKey = naturalKey
        self.sourceVersion = sourceVersion
        self.sourceCreatedAt = sourceCreatedAt
    }
}

/// Anything the catalog has no metric for, kept as written: the raw HealthKit type (or element name), its
/// value, unit, dates and attributes, so a later Kiroku can map it without a new export.
public struct ImportedRawItem: Sendable, Equatable {
    /// `Record`, `ActivitySummary`, `Me`, `ClinicalRecord`, …
    public var element: String
    /// The HealthKit type identifier for records, the element name otherwise.
    public var type: String
    public var value: String?
    public var unit: String?
    public var startAt: Date?
    public var endAt: Date?
    public var utcOffsetSeconds: Int?
    public var sourceName: String?
    public var attributes: [String: String]
    public var metadata: [String: String]
    public var naturalKey: NaturalKey
    /// Why a record that looked like health data was kept raw instead of becoming a sample; nil for elements
    /// that are raw by nature (ActivitySummary, Me, …). Stored in the metadata as `keptRawReason` and counted
    /// in the import's summary.
    public var reason: KeptRawReason? {
        didSet { metadata[KeptRawReason.metadataKey] = reason?.rawValue }
    }

    public init(element: String, type: String, value: String? = nil, unit: String? = nil, startAt: Date? = nil, endAt: Date? = nil, utcOffsetSeconds: Int? = nil, sourceName: String? = nil, attributes: [String: String], metadata: [String: String], naturalKey: NaturalKey, reason: KeptRawReason? = nil) {
        self.element = element
        self.type = type
        self.value = value
        self.unit = unit
        self.startAt = startAt
        self.endAt = endAt
        self.utcOffsetSeconds = utcOffsetSeconds
        self.sourceName = sourceName
        self.attributes = attributes
        self.metadata = metadata
        self.naturalKey = naturalKey
        self.reason = reason
        if let reason { self.metadata[KeptRawReason.metadataKey] = reason.rawValue }
    }
}

/// Why an item that should have been a sample was kept raw (with its type, unit, value, metadata and source),
/// so nothing is dropped and a later Kiroku that learns the shape can promote it.
public enum KeptRawReason: String, Sendable, Codable, CaseIterable {
    /// A type the catalog has no metric for.
    case unknownType = "unknown_type"
    /// A catalog metric in a unit the catalog cannot convert.
    case unknownUnit = "unknown_unit"
    /// No readable number where one was expected.
    case badValue = "bad_value"
    /// A date that cannot be read or lies outside 1900 … now + 1 day.
    case badDate = "bad_date"
    /// A category value with no metric (an Awake sleep segment, a stand hour).
    case noMetric = "no_metric"
    /// A route file of the export that no workout of the export refers to.
    case unmatchedRoute = "unmatched_route"

    public static let metadataKey = "keptRawReason"
}

/// One of a workout's statistics (iOS 16 and later), in the catalog's canonical unit when the type is a
/// catalog metric, as written otherwise.
public struct ImportedWorkoutStatistic: Sendable, Equatable, Codable {
    public var type: String
    public var metric: String?
    public var unit: String?
    public var sum: Double?
    public var average: Double?
    public var minimum: Double?
    public var maximum: Double?

    public init(type: String, metric: String? = nil, unit: String? = nil, sum: Double? = nil, average: Double? = nil, minimum: Double? = nil, maximum: Double? = nil) {
        self.type = type
        self.metric = metric
        self.unit = unit
        self.sum = sum
        self.average = average
        self.minimum = minimum
        self.maximum = maximum
    }
}

/// A workout with its totals in canonical units (minutes, metres, kilocalories).
public struct ImportedWorkout: Sendable, Equatable {
    public var activityType: String
    public var startAt: Date
    public var endAt: Date
    public var utcOffsetSeconds: Int
    /// Moving time, pauses excluded (endAt − startAt includes them).
    public var durationMinutes: Double?
    public var distanceMeters: Double?
    public var energyKcal: Double?
    public var statistics: [ImportedWorkoutStatistic]
    /// WorkoutEvent attributes (pause, resume, lap, segment), in order.
    public var events: [[String: String]]
    public var routeFiles: [String]
    public var metadata: [String: String]
    public var sourceName: String
    public var device: String?
    public var naturalKey: NaturalKey
    /// GPS points carried in the workout itself (inline `<Location>`s, Health Auto Export's `route`), in order.
    public var route: [RoutePoint] = []
    /// Route points that could not be read (coordinates off the Earth, an unreadable time), kept raw with why.
    public var rejectedRoutePoints: [ImportedRawItem] = []
    /// The heart-rate series recorded during the workout (Health Auto Export's `heartRateData`).
    public var heartRates: [WorkoutHeartRate] = []

    public init(activityType: String, startAt: Date, endAt: Date, utcOffsetSeconds: Int, durationMinutes: Double? = nil, distanceMeters: Double? = nil, energyKcal: Double? = nil, statistics: [ImportedWorkoutStatistic], events: [[String: String]], routeFiles: [String], metadata: [String: String], sourceName: String, device: String? = nil, naturalKey: NaturalKey) {
        self.activityType = activityType
        self.startAt = startAt
        self.endAt = endAt
        self.utcOffsetSeconds = utcOffsetSeconds
        self.durationMinutes = durationMinutes
        self.distanceMeters = distanceMeters
        self.energyKcal = energyKcal
        self.statistics = statistics
        self.events = events
        self.routeFiles = routeFiles
        self.metadata = metadata
        self.sourceName = sourceName
        self.device = device
        self.naturalKey = naturalKey
    }
}

/// A correlation (blood pressure, food) and the natural keys of the samples it groups: the link is stored,
/// the samples themselves are stored once, however often the export repeats them.
public struct ImportedCorrelation: Sendable, Equatable {
    public var type: String
    public var startAt: Date
    public var endAt: Date
    public var utcOffsetSeconds: Int
    public var sourceName: String
    public var metadata: [String: String]
    public var members: [MappedRecord]
    public var naturalKey: NaturalKey

    public init(type: String, startAt: Date, endAt: Date, utcOffsetSeconds: Int, sourceName: String, metadata: [String: String], members: [MappedRecord], naturalKey: NaturalKey) {
        self.type = type
        self.startAt = startAt
        self.endAt = endAt
        self.utcOffsetSeconds = utcOffsetSeconds
        self.sourceName = sourceName
        self.metadata = metadata
        self.members = members
        self.naturalKey = naturalKey
    }

    public var memberKeys: [NaturalKey] {
        members.compactMap(\.naturalKey)
    }
}

/// Why an item was not imported; counted per reason in the job's summary.
public enum SkipReason: String, Sendable, Codable, CaseIterable {
    case badDate = "bad_date"
    case badValue = "bad_value"
    case unknownUnit = "unknown_unit"
}

/// What one record of an export becomes.
public enum MappedRecord: Sendable, Equatable {
    case sample(ImportedSample)
    case raw(ImportedRawItem)
    case skipped(type: String, reason: SkipReason)

    public var naturalKey: NaturalKey? {
        switch self {
        case let .sample(sample): sample.naturalKey
        case let .raw(raw): raw.naturalKey
        case .skipped: nil
        }
    }
}

/// What one top-level export item becomes.
public enum MappedItem: Sendable, Equatable {
    case record(MappedRecord)
    case correlation(ImportedCorrelation)
    case workout(ImportedWorkout)
    case skippedWorkout(reason: SkipReason)
    case raw(ImportedRawItem)
    /// The export's `<Me>`: what it says about the person (fills an empty profile) and the element kept raw.
    case me(ImportedCharacteristics, raw: ImportedRawItem)
    /// The export's `<ExportDate>`: when the phone wrote the file, kept with the import job.
    case exportedAt(Instant)
    /// Items that carry nothing to store (an ExportDate that cannot be read).
    case ignored
}

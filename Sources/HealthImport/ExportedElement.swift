import Foundation
import Health

/// An element kept as it was written: its name, attributes and (flattened) child elements. Used for
/// everything Kiroku does not model (ActivitySummary, Me, ClinicalRecord, Audiogram, future elements),
/// so nothing in an export is dropped silently.
public struct ExportedElement: Sendable, Equatable {
    public var name: String
    public var attributes: [String: String]
    public var children: [ExportedElement]

    public init(name: String, attributes: [String: String], children: [ExportedElement] = []) {
        self.name = name
        self.attributes = attributes
        self.children = children
    }
}

/// A `<Record>`: a quantity sample (numeric value and unit) or a category sample (text value, no unit).
public struct ExportedRecord: Sendable, Equatable {
    public var type: String = ""
    public var sourceName: String = ""
    public var sourceVersion: String?
    public var device: String?
    public var unit: String?
    public var value: String?
    public var startDate: String = ""
    public var endDate: String = ""
    public var creationDate: String?
    public var metadata: [String: String] = [:]
    /// Attributes this reader does not know (new iOS versions add some); kept, never fatal.
    public var otherAttributes: [String: String] = [:]
    /// Child elements other than MetadataEntry, e.g. HeartRateVariabilityMetadataList's beats.
    public var children: [ExportedElement] = []

    public init() {}
}

/// A `<Correlation>` (blood pressure, food) and the records it groups.
public struct ExportedCorrelation: Sendable, Equatable {
    public var type: String = ""
    public var sourceName: String = ""
    public var startDate: String = ""
    public var endDate: String = ""
    public var metadata: [String: String] = [:]
    public var records: [ExportedRecord] = []
    /// sourceVersion, device, creationDate and attributes newer exports add.
    public var otherAttributes: [String: String] = [:]

    public init() {}
}

/// A `<Workout>` with its totals, statistics, events, metadata and route file references.
public struct ExportedWorkout: Sendable, Equatable {
    public var activityType: String = ""
    public var sourceName: String = ""
    public var device: String?
    public var startDate: String = ""
    public var endDate: String = ""
    public var duration: String?
    public var durationUnit: String?
    public var totalDistance: String?
    public var totalDistanceUnit: String?
    public var totalEnergyBurned: String?
    public var totalEnergyBurnedUnit: String?
    public var metadata: [String: String] = [:]
    public var statistics: [ExportedElement] = []
    public var events: [ExportedElement] = []
    /// GPX paths from `<WorkoutRoute><FileReference path=…>` (iOS 13 and later).
    public var routeFiles: [String] = []
    /// Inline `<WorkoutRoute><Location …/>` points of exports before iOS 13, their attributes as written
    /// (`date`, `latitude`, `longitude`, `altitude`, `horizontalAccuracy`, `verticalAccuracy`, `course`, `speed`).
    public var locations: [[String: String]] = []
    /// How many `<Location>`s the workout had (more than `locations` holds when past the assembler's cap).
    public var inlineLocationCount = 0
    public var otherAttributes: [String: String] = [:]
    /// Children kept as written, with their own children inside them: `WorkoutActivity` (iOS 16 and later, one per
    /// leg of a multisport workout, each with its statistics, events and metadata), `WorkoutRoute` (its attributes
    /// and metadata; its file and points go to `routeFiles` and `locations`) and elements newer exports add.
    public var children: [ExportedElement] = []

    public init() {}
}

/// One top-level item of an export, delivered as soon as its closing tag is read.
public enum ExportItem: Sendable, Equatable {
    case record(ExportedRecord)
    case correlation(ExportedCorrelation)
    case workout(ExportedWorkout)
    case activitySummary(ExportedElement)
    case me(ExportedElement)
    /// ExportDate, ClinicalRecord, Audiogram, VisionPrescription and anything newer.
    case other(ExportedElement)
}

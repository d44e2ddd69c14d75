import Foundation
import Health

/// Turns the scanner's tag events into whole export items, one top-level element at a time.
///
/// Only the element being assembled is held in memory; it is handed on at its closing tag and dropped.
/// Elements nested deeper than this reader models are flattened into `children`, capped so that no single
/// odd element can grow memory without bound.
public struct ExportItemAssembler {
    private enum Current {
        case none
        case record(ExportedRecord)
        case correlation(ExportedCorrelation, inner: ExportedRecord?)
        case workout(ExportedWorkout)
        case element(ExportedElement)
    }

    private static let childLimit = 10_000
    /// A day-long ride at one fix a second, with room to spare.
    static let locationLimit = 200_000

    /// Direct children of a workout whose content goes to the workout's own columns (the 2015 shape writes its
    /// `Location`s there); any other child is kept whole.
    private static let workoutColumnChildren: Set<String> = ["MetadataEntry", "WorkoutStatistics", "WorkoutEvent", "Location"]

    private var depth = 0
    /// Whether the workout's current direct child is one kept whole (its own children stay inside it).
    private var insideKeptWorkoutChild = false
    private var current = Current.none
    /// The root element's name; anything but HealthData is refused before any item is read.
    public private(set) var rootName: String?

    public init() {}

    public mutating func consume(_ event: XMLEvent, _ emit: (ExportItem) throws -> Void) throws {
        switch event {
        case let .start(name, attributes, selfClosing):
            try start(name, attributes, selfClosing: selfClosing, emit)
        case .end:
            depth -= 1
            if depth == 1 { try finishItem(emit) }
        }
    }

    private mutating func start(
        _ name: String, _ attributes: [XMLAttribute], selfClosing: Bool, _ emit: (ExportItem) throws -> Void
    ) throws {
        if depth == 0 {
            rootName = name
            if !selfClosing { depth = 1 }
            return
        }
        if depth == 1 {
            begin(name, attributes)
            if selfClosing { try finishItem(emit) } else { depth = 2 }
            return
        }
        child(name, attributes, level: depth)
        if !selfClosing { depth += 1 }
    }

    private mutating func begin(_ name: String, _ attributes: [XMLAttribute]) {
        switch name {
        case "Record": current = .record(Self.record(attributes))
        case "Correlation": current = .correlation(Self.correlation(attributes), inner: nil)
        case "Workout": current = .workout(Self.workout(attributes))
        default: current = .element(ExportedElement(name: name, attributes: Self.dictionary(attributes)))
        }
    }

    /// A child at `level` (2 = direct child of the top-level item).
    private mutating func child(_ name: String, _ attributes: [XMLAttribute], level: Int) {
        // Taken out while it changes: a copy changed while `current` still held it would copy its metadata and
        // children again for every child element.
        switch takeCurrent() {
        case .none:
            break
        case var .record(record):
            Self.add(name, attributes, to: &record)
            current = .record(record)
        case .correlation(var correlation, var inner):
            if level == 2, name == "Record" {
                if let inner { correlation.records.append(inner) }
                inner = Self.record(attributes)
            } else if level == 2, name == "MetadataEntry" {
                Self.addMetadata(attributes, to: &correlation.metadata)
            } else if var record = inner {
                inner = nil
                Self.add(name, attributes, to: &record)
                inner = record
            }
            current = .correlation(correlation, inner: inner)
        case var .workout(workout):
            if level == 2 { insideKeptWorkoutChild = !Self.workoutColumnChildren.contains(name) }
            Self.add(name, attributes, level: level, insideKept: insideKeptWorkoutChild, to: &workout)
            current = .workout(workout)
        case var .element(element):
            if element.children.count < Self.childLimit {
                element.children.append(ExportedElement(name: name, attributes: Self.dictionary(attributes)))
            }
            current = .element(element)
        }
    }

    private mutating func finishItem(_ emit: (ExportItem) throws -> Void) throws {
        let item: ExportItem?
        switch takeCurrent() {
        case .none:
            item = nil
        case let .record(record):
            item = .record(record)
        case .correlation(var correlation, let inner):
            if let inner { correlation.records.append(inner) }
            item = .correlation(correlation)
        case let .workout(workout):
            item = .workout(workout)
        case let .element(element):
            switch element.name {
            case "ActivitySummary": item = .activitySummary(element)
            case "Me": item = .me(element)
            default: item = .other(element)
            }
        }
        if let item { try emit(item) }
    }

    /// The item being assembled, moved out (`current` is left empty), so that it is changed or emitted without a copy.
    private mutating func takeCurrent() -> Current {
        var taken = Current.none
        swap(&taken, &current)
        return taken
    }

    // MARK: - Building items

    private static func record(_ attributes: [XMLAttribute]) -> ExportedRecord {
        var record = ExportedRecord()
        for attribute in attributes {
            switch attribute.name {
            case "type": record.type = attribute.value
            // The 2015 shape says `source` where later exports say `sourceName`.
            case "sourceName", "source": record.sourceName = attribute.value
            case "sourceVersion": record.sourceVersion = attribute.value
            case "device": record.device = attribute.value
            case "unit": record.unit = attribute.value
            case "value": record.value = attribute.value
            case "startDate": record.startDate = attribute.value
            case "endDate": record.endDate = attribute.value
            case "creationDate": record.creationDate = attribute.value
            default: record.otherAttributes[attribute.name] = attribute.value
            }
        }
        return record
    }

    private static func correlation(_ attributes: [XMLAttribute]) -> ExportedCorrelation {
        var correlation = ExportedCorrelation()
        for attribute in attributes {
            switch attribute.name {
            case "type": correlation.type = attribute.value
            case "sourceName", "source": correlation.sourceName = attribute.value
            case "startDate": correlation.startDate = attribute.value
            case "endDate": correlation.endDate = attribute.value
            // sourceVersion, device, creationDate and whatever newer exports add: kept, as a record's are.
            default: correlation.otherAttributes[attribute.name] = attribute.value
            }
        }
        return correlation
    }

    private static func workout(_ attributes: [XMLAttribute]) -> ExportedWorkout {
        var workout = ExportedWorkout()
        for attribute in attributes {
            let value = attribute.value
            switch attribute.name {
            case "workoutActivityType": workout.activityType = value
            case "sourceName", "source": workout.sourceName = value
            case "device": workout.device = value
            case "startDate": workout.startDate = value
            case "endDate": workout.endDate = value
            case "duration": workout.duration = value
            case "durationUnit": workout.durationUnit = value
            case "totalDistance": workout.totalDistance = value
            case "totalDistanceUnit": workout.totalDistanceUnit = value
            case "totalEnergyBurned": workout.totalEnergyBurned = value
            case "totalEnergyBurnedUnit": workout.totalEnergyBurnedUnit = value
            default: workout.otherAttributes[attribute.name] = value
            }
        }
        return workout
    }

    private static func add(_ name: String, _ attributes: [XMLAttribute], to record: inout ExportedRecord) {
        if name == "MetadataEntry" {
            addMetadata(attributes, to: &record.metadata)
        } else if record.children.count < childLimit {
            record.children.append(ExportedElement(name: name, attributes: dictionary(attributes)))
        }
    }

    /// A child of a workout at `level` (2 = direct child). What the workout's own columns hold (its metadata,
    /// statistics, events, route files and points) goes there; every other element is kept in `children`, and what
    /// is inside a `WorkoutActivity` or a `WorkoutRoute` stays inside it: an activity's statistics merged into the
    /// workout's would make a multisport workout's first leg its total, a route's metadata would overwrite the
    /// workout's own keys.
    private static func add(
        _ name: String, _ attributes: [XMLAttribute], level: Int, insideKept: Bool, to workout: inout ExportedWorkout
    ) {
        if level > 2, insideKept, let parent = workout.children.indices.last {
            // Inside a kept child: only a route's file and points are the workout's own.
            if name == "FileReference" || name == "Location" {
                add(name, attributes, to: &workout)
            } else if workout.children[parent].children.count < childLimit {
                workout.children[parent].children.append(ExportedElement(name: name, attributes: dictionary(attributes)))
            }
            return
        }
        if level == 2, !workoutColumnChildren.contains(name) {
            // WorkoutActivity, WorkoutRoute, and whatever later iOS versions add.
            if workout.children.count < childLimit {
                workout.children.append(ExportedElement(name: name, attributes: dictionary(attributes)))
            }
            return
        }
        add(name, attributes, to: &workout)
    }

    private static func add(_ name: String, _ attributes: [XMLAttribute], to workout: inout ExportedWorkout) {
        switch name {
        case "MetadataEntry":
            addMetadata(attributes, to: &workout.metadata)
        case "WorkoutStatistics":
            workout.statistics.append(ExportedElement(name: name, attributes: dictionary(attributes)))
        case "WorkoutEvent":
            if workout.events.count < childLimit {
                workout.events.append(ExportedElement(name: name, attributes: dictionary(attributes)))
            }
        case "FileReference":
            if let path = attributes.first(where: { $0.name == "path" })?.value { workout.routeFiles.append(path) }
        case "Location":
            // Old exports carry the route inline under <WorkoutRoute>; beyond the cap the points are counted.
            workout.inlineLocationCount += 1
            if workout.locations.count < locationLimit { workout.locations.append(dictionary(attributes)) }
        default:
            break
        }
    }

    private static func addMetadata(_ attributes: [XMLAttribute], to metadata: inout [String: String]) {
        var key: String?
        var value = ""
        for attribute in attributes {
            if attribute.name == "key" { key = attribute.value } else if attribute.name == "value" { value = attribute.value }
        }
        if let key { metadata[key] = value }
    }

    private static func dictionary(_ attributes: [XMLAttribute]) -> [String: String] {
        var dictionary: [String: String] = [:]
        for attribute in attributes { dictionary[attribute.name] = attribute.value }
        return dictionary
    }
}

import Foundation
import Health

/// Maps export items to Kiroku's metrics. Identifiers and unit conversions come from `MetricCatalog` only;
/// this type decides which HealthKit shape goes where, and caches lookups because it runs per record.
public struct HealthKitMapper {
    private var metricsByType: [String: Metric?] = [:]
    private var values = CanonicalValues()
    private let distance = MetricCatalog.metric(named: "distanceWalkingRunning")!
    private let energy = MetricCatalog.metric(named: "activeEnergyBurned")!
    private let minutes = MetricCatalog.metric(named: "exerciseTime")!
    private let sleep = MetricCatalog.metric(named: "sleepAnalysis")!
    private let inBed = MetricCatalog.metric(named: "timeInBed")!

    /// Dates outside it (a year 0001 or 2099 in a damaged export) make their item a `bad_date` skip.
    private let window: InstantWindow

    /// The last creation date read and what it named: a device writes many samples at once, so runs of records
    /// share one `creationDate` text (an iPhone's step samples, a night's sleep stages).
    private var lastCreation: (text: String, date: Date?)?

    /// `now` is when the import runs: health data may not lie more than a day after it.
    public init(now: Date) {
        window = .healthData(now: now)
    }

    public mutating func map(_ item: ExportItem) -> MappedItem {
        switch item {
        case let .record(record): .record(map(record))
        case let .correlation(correlation): map(correlation)
        case let .workout(workout): map(workout)
        case let .activitySummary(element): .raw(raw(element, keyAttribute: "dateComponents"))
        case let .me(element): .me(ImportedCharacteristics(attributes: element.attributes), raw: raw(element, keyAttribute: nil))
        case let .other(element) where element.name == "ExportDate":
            // Unreadable or outside the window (a damaged file): the import goes on without it, as it always did.
            element.attributes["value"].flatMap { instant($0) }.map(MappedItem.exportedAt) ?? .ignored
        case let .other(element): .raw(raw(element, keyAttribute: nil))
        }
    }

    // MARK: - Records

    public mutating func map(_ record: ExportedRecord) -> MappedRecord {
        guard let start = instant(record.startDate), let end = record.endDate.isEmpty ? start : instant(record.endDate) else {
            return .raw(raw(record, start: nil, end: nil, reason: .badDate))
        }
        if record.type.hasPrefix("HKCategoryTypeIdentifier") {
            return category(record, start: start, end: end)
        }
        guard let metric = metric(for: record.type) else { return .raw(raw(record, start: start, end: end, reason: .unknownType)) }
        // The 2015 statistics shape has no `value`: `average`, `min`, `max` and `recordCount` describe a period.
        // The average is the value; the rest stay in the metadata (as "@min", "@max", "@recordCount").
        let text = record.value ?? record.otherAttributes["average"]
        guard let text, let original = Double(text), original.isFinite else { return .raw(raw(record, start: start, end: end, reason: .badValue)) }
        guard let value = values.canonical(original, unit: record.unit, metric: metric) else {
            return .raw(raw(record, start: start, end: end, reason: .unknownUnit))
        }
        return .sample(sample(record, metric: metric, value: value, original: original, unit: record.unit ?? metric.canonicalUnit,
                              start: start, end: end, detail: nil))
    }

    /// Sleep stages and mindful sessions become minutes of their metric; the category value is kept.
    /// Stages that are not sleep (awake) and categories without a metric (stand hours, …) stay raw.
    private mutating func category(_ record: ExportedRecord, start: Instant, end: Instant) -> MappedRecord {
        let value = record.value ?? ""
        let metric: Metric?
        if record.type == sleep.healthKitIdentifier {
            metric = Self.sleepMetricIsInBed(value).map { $0 ? inBed : sleep }
        } else {
            metric = self.metric(for: record.type)
        }
        guard let metric, metric.aggregation == .duration else { return .raw(raw(record, start: start, end: end, reason: .noMetric)) }
        let seconds = end.date.timeIntervalSince(start.date)
        guard seconds >= 0, let minutes = try? metric.canonicalValue(seconds, unit: "s") else {
            return .raw(raw(record, start: start, end: end, reason: .badValue))
        }
        var sample = sample(record, metric: metric, value: minutes, original: seconds, unit: "s", start: start, end: end, detail: value)
        if !value.isEmpty { sample.metadata = (sample.metadata ?? [:]).merging(["HKCategoryValue": value]) { $1 } }
        return .sample(sample)
    }

    /// true for time in bed, false for a sleep stage, nil for awake or unknown values. Early exports wrote
    /// the value as a number (0 in bed, 1 asleep, 2 awake).
    static func sleepMetricIsInBed(_ value: String) -> Bool? {
        switch value {
        case "HKCategoryValueSleepAnalysisInBed", "0": true
        case "HKCategoryValueSleepAnalysisAsleep", "HKCategoryValueSleepAnalysisAsleepUnspecified",
             "HKCategoryValueSleepAnalysisAsleepCore", "HKCategoryValueSleepAnalysisAsleepDeep",
             "HKCategoryValueSleepAnalysisAsleepREM", "1": false
        default: nil
        }
    }

    private mutating func sample(
        _ record: ExportedRecord, metric: Metric, value: Double, original: Double, unit: String,
        start: Instant, end: Instant, detail: String?
    ) -> ImportedSample {
        var metadata = Self.metadata(of: record)
        let created = creationDate(record, start: start, end: end)
        if created == nil, let text = record.creationDate {
            // Not readable: the sample is stored all the same, without it, and the text stays with it.
            metadata = (metadata ?? [:]).merging([SourceCreationDate.unreadableMetadataKey: text]) { $1 }
        }
        return ImportedSample(
            metric: metric.id, value: value, originalValue: original, originalUnit: unit,
            startAt: start.date, endAt: end.date, utcOffsetSeconds: start.utcOffsetSeconds,
            sourceName: record.sourceName, device: record.device, metadata: metadata,
            naturalKey: NaturalKey.sample(metric: metric.id, sourceName: record.sourceName, start: start.date, end: end.date,
                                          value: value, detail: detail),
            sourceVersion: record.sourceVersion, sourceCreatedAt: created
        )
    }

    /// A record kept as written, with why. Without readable dates (`start` nil) the dates are kept as text in
    /// the attributes and the key uses that text.
    private func raw(_ record: ExportedRecord, start: Instant?, end: Instant?, reason: KeptRawReason) -> ImportedRawItem {
        var key = NaturalKey()
        key.add(record.type)
        key.add(record.sourceName)
        if let start, let end {
            key.add(Int64((start.date.timeIntervalSince1970 * 1000).rounded()))
            key.add(Int64((end.date.timeIntervalSince1970 * 1000).rounded()))
        } else {
            key.add(record.startDate)
            key.add(record.endDate)
        }
        key.add(record.value ?? "")
        key.add(record.unit ?? "")
        var attributes = record.otherAttributes.merging(record.device.map { ["device": $0] } ?? [:]) { $1 }
        // As written: promotion (`kiroku import --reprocess-raw`) reads them into the sample's columns.
        attributes["sourceVersion"] = record.sourceVersion
        attributes["creationDate"] = record.creationDate
        if start == nil {
            attributes["startDate"] = record.startDate
            attributes["endDate"] = record.endDate
        }
        return ImportedRawItem(
            element: "Record", type: record.type, value: record.value, unit: record.unit,
            startAt: start?.date, endAt: end?.date, utcOffsetSeconds: start?.utcOffsetSeconds, sourceName: record.sourceName,
            attributes: attributes, metadata: Self.metadata(of: record) ?? [:], naturalKey: key, reason: reason
        )
    }

    /// Elements kept whole. Their key is the element name plus its identifying attribute (one activity
    /// summary per day), or every attribute when there is none.
    private func raw(_ element: ExportedElement, keyAttribute: String?) -> ImportedRawItem {
        var key = NaturalKey()
        key.add(element.name)
        if let keyAttribute, let value = element.attributes[keyAttribute] {
            key.add(value)
        } else if element.name != "Me" {
            for (name, value) in element.attributes.sorted(by: { $0.key < $1.key }) {
                key.add(name)
                key.add(value)
            }
        }
        var metadata: [String: String] = [:]
        // Named: a vision prescription's RightEye and LeftEye have the same attributes.
        if !element.children.isEmpty { metadata["children"] = ImportJSON.string(element.children) }
        let day = element.attributes["dateComponents"].flatMap(LocalDay.init).map { $0.start(in: .gmt) }
        return ImportedRawItem(
            element: element.name, type: element.name, value: nil, unit: nil,
            startAt: day, endAt: day, utcOffsetSeconds: nil, sourceName: nil,
            attributes: element.attributes, metadata: metadata, naturalKey: key
        )
    }

    /// The record's creation date, read once per distinct text: the same text as the end or the start (a sample written
    /// when it ended, as the Watch does) names the instant read already, and a repeat of the last one its date.
    private mutating func creationDate(_ record: ExportedRecord, start: Instant, end: Instant) -> Date? {
        guard let text = record.creationDate else { return nil }
        if text == record.endDate { return end.date }
        if text == record.startDate { return start.date }
        if let lastCreation, lastCreation.text == text { return lastCreation.date }
        let date = SourceCreationDate.read(text, window: window)
        lastCreation = (text, date)
        return date
    }

    /// A date as the export writes it (`2024-03-01 07:42:10 +0900`, or the 2015 `20151107171924+0100`), inside
    /// the health-data window.
    private func instant(_ text: String) -> Instant? {
        guard let instant = try? Instant.parse(text, forms: .exportFiles), window.contains(instant.date) else { return nil }
        return instant
    }

    private static func metadata(of record: ExportedRecord) -> [String: String]? {
        guard !(record.metadata.isEmpty && record.otherAttributes.isEmpty && record.children.isEmpty) else { return nil }
        var metadata = record.metadata
        for (name, value) in record.otherAttributes { metadata["@" + name] = value }
        if !record.children.isEmpty {
            metadata["children"] = ImportJSON.string(record.children.map { ["element": $0.name].merging($0.attributes) { $1 } })
        }
        return metadata
    }

    private mutating func metric(for type: String) -> Metric? {
        if let cached = metricsByType[type] { return cached }
        let found = MetricCatalog.metric(named: type).flatMap { $0.healthKitIdentifier == type ? $0 : nil }
        metricsByType[type] = found
        return found
    }

    // MARK: - Correlations

    private mutating func map(_ correlation: ExportedCorrelation) -> MappedItem {
        guard let start = instant(correlation.startDate) else { return .record(.skipped(type: correlation.type, reason: .badDate)) }
        let end = instant(correlation.endDate) ?? start
        var key = NaturalKey()
        key.add(correlation.type)
        key.add(correlation.sourceName)
        key.add(Int64((start.date.timeIntervalSince1970 * 1000).rounded()))
        key.add(Int64((end.date.timeIntervalSince1970 * 1000).rounded()))
        return .correlation(ImportedCorrelation(
            type: correlation.type, startAt: start.date, endAt: end.date, utcOffsetSeconds: start.utcOffsetSeconds,
            sourceName: correlation.sourceName,
            metadata: correlation.metadata.merging(correlation.otherAttributes.map { ("@" + $0.key, $0.value) }) { $1 },
            members: correlation.records.map { map($0) }, naturalKey: key
        ))
    }

    // MARK: - Workouts

    private func map(_ workout: ExportedWorkout) -> MappedItem {
        guard let start = instant(workout.startDate), let end = instant(workout.endDate) else {
            return .skippedWorkout(reason: .badDate)
        }
        let statistics = workout.statistics.map(statistic)
        let activityStatistics = workout.children.filter { $0.name == "WorkoutActivity" }
            .flatMap { $0.children.filter { $0.name == "WorkoutStatistics" } }.map(statistic)
        /// The workout's own sums, one per type (a multisport workout states its swimming, cycling and running
        /// distances apart); only when it states none, its activities' (every leg, a duathlon runs twice).
        func total(_ matches: (ImportedWorkoutStatistic) -> Bool) -> Double? {
            var types = Set<String>()
            let own = statistics.filter { matches($0) && $0.sum != nil && types.insert($0.type).inserted }.compactMap(\.sum)
            let sums = own.isEmpty ? activityStatistics.filter(matches).compactMap(\.sum) : own
            return sums.isEmpty ? nil : sums.reduce(0, +)
        }
        let duration = Self.convert(workout.duration, unit: workout.durationUnit ?? "min", with: minutes)
        let distanceTotal = Self.convert(workout.totalDistance, unit: workout.totalDistanceUnit, with: distance)
            ?? total { $0.type.hasPrefix("HKQuantityTypeIdentifierDistance") }
        let energyTotal = Self.convert(workout.totalEnergyBurned, unit: workout.totalEnergyBurnedUnit, with: energy)
            ?? total { $0.type == energy.healthKitIdentifier }
        var key = NaturalKey()
        key.add("Workout")
        key.add(workout.activityType)
        key.add(workout.sourceName)
        key.add(Int64((start.date.timeIntervalSince1970 * 1000).rounded()))
        key.add(Int64((end.date.timeIntervalSince1970 * 1000).rounded()))
        var metadata = workout.metadata
        for (name, value) in workout.otherAttributes { metadata["@" + name] = value }
        if workout.inlineLocationCount > 0 { metadata["inlineLocationCount"] = String(workout.inlineLocationCount) }
        if !workout.children.isEmpty { metadata["children"] = ImportJSON.string(workout.children) }
        var mapped = ImportedWorkout(
            activityType: workout.activityType, startAt: start.date, endAt: end.date, utcOffsetSeconds: start.utcOffsetSeconds,
            durationMinutes: duration, distanceMeters: distanceTotal, energyKcal: energyTotal, statistics: statistics,
            events: workout.events.map(\.attributes), routeFiles: workout.routeFiles, metadata: metadata,
            sourceName: workout.sourceName, device: workout.device, naturalKey: key
        )
        addInlineRoute(workout, to: &mapped)
        return .workout(mapped)
    }

    /// Inline `<Location>` points become the workout's route; one that cannot be read is kept raw with why.
    private func addInlineRoute(_ workout: ExportedWorkout, to mapped: inout ImportedWorkout) {
        mapped.route.reserveCapacity(workout.locations.count)
        for (index, attributes) in workout.locations.enumerated() {
            switch RoutePointInput(location: attributes).point(window: window) {
            case let .success(point): mapped.route.append(point)
            case let .failure(reason):
                mapped.rejectedRoutePoints.append(RejectedRoutePoint.raw(
                    element: "Location", workoutKey: mapped.naturalKey, file: nil, index: index, fields: attributes, reason: reason
                ))
            }
        }
        let beyondCap = workout.inlineLocationCount - workout.locations.count
        if beyondCap > 0 {
            // Past the assembler's cap only the count is known: it is kept, so the loss is visible.
            mapped.rejectedRoutePoints.append(RejectedRoutePoint.raw(
                element: "Location", workoutKey: mapped.naturalKey, file: nil, index: workout.locations.count,
                fields: ["pointsBeyondLimit": String(beyondCap)], reason: .badValue
            ))
        }
    }

    /// Distances that the catalog has no metric for (swimming, skiing…) are still lengths: they convert with
    /// the walking distance's units.
    private func statistic(_ element: ExportedElement) -> ImportedWorkoutStatistic {
        let type = element.attributes["type"] ?? ""
        let unit = element.attributes["unit"]
        let metric = MetricCatalog.metric(named: type).flatMap { $0.healthKitIdentifier == type ? $0 : nil }
            ?? (type.hasPrefix("HKQuantityTypeIdentifierDistance") ? distance : nil)
        func value(_ name: String) -> Double? {
            guard let number = element.attributes[name].flatMap(Double.init) else { return nil }
            guard let metric else { return number }
            return (try? metric.canonicalValue(fromHealthKit: number, unit: unit)) ?? number
        }
        let converted = metric.flatMap { metric in metric.resolvedUnitIsKnown(unit) ? metric : nil }
        return ImportedWorkoutStatistic(
            type: type, metric: converted?.id, unit: converted?.canonicalUnit ?? unit,
            sum: value("sum"), average: value("average"), minimum: value("minimum"), maximum: value("maximum")
        )
    }

    private static func convert(_ text: String?, unit: String?, with metric: Metric) -> Double? {
        guard let number = text.flatMap(Double.init) else { return nil }
        return try? metric.canonicalValue(number, unit: unit)
    }

}

extension Metric {
    /// Whether `unit` is one of this metric's accepted units (nil meaning canonical).
    func resolvedUnitIsKnown(_ unit: String?) -> Bool {
        guard let unit, !unit.isEmpty else { return true }
        return self.unit(named: unit) != nil
    }
}

import Foundation
import Health

/// Maps Health Auto Export rows (`{"date": …, "qty": …, "source": …}` and the other shapes) and workouts to
/// samples and workouts. Each sample carries an idempotency key of metric + date + source, so a retry or an
/// overlapping backfill updates instead of adding.
///
/// Lenient where the app is: a field of the wrong type is absent, a number may arrive as a string, and a row
/// that cannot be used is counted in `skipped` by reason rather than failing the delivery.
public struct HealthAutoExportMapper: Sendable {
    public typealias Sample = (sample: ImportedSample, externalId: String)

    /// Skipped entries per reason (bad_date for a workout without a readable start). Rows are never skipped:
    /// a row that cannot become a sample is kept raw.
    public private(set) var skipped: [String: Int] = [:]
    /// Rows kept raw (name, units, every field, source) instead of becoming samples, per `KeptRawReason`.
    public private(set) var keptRaw: [String: Int] = [:]
    /// Raw items mapped since the last `takeRawItems()`.
    private var rawItems: [ImportedRawItem] = []
    /// Catalog lookups fold and compare strings; a backfill repeats a few names a million times.
    private var catalog: [String: Metric?] = [:]
    private var values = CanonicalValues()

    public static let defaultSource = "Health Auto Export"

    /// Dates outside it are counted as `bad_date`.
    private let window: InstantWindow

    /// `now` is when the delivery arrives: health data may not lie more than a day after it.
    public init(now: Date) {
        window = .healthData(now: now)
    }

    /// The samples of one row of the metric `name` (a blood-pressure row gives two, an aggregated night up
    /// to two), appended to `samples`.
    public mutating func map(row: JSONValue, metric name: String, units: String?, into samples: inout [Sample]) {
        guard row.isObject else { return }
        switch Self.normalized(name) {
        case "bloodpressure":
            let start = row["date"]?.text.flatMap(instant)
            let raw = RawRow(row: row, name: name, units: units)
            let kept = HealthAutoExportKeptFields.unused(in: row, used: ["date", "systolic", "diastolic", "source"])
            add("bloodPressureSystolic", value: row["systolic"]?.number, unit: units, source: row["source"]?.text, start: start,
                metadata: kept, raw: raw, into: &samples)
            add("bloodPressureDiastolic", value: row["diastolic"]?.number, unit: units, source: row["source"]?.text, start: start,
                metadata: kept, raw: raw, into: &samples)
        case "sleepanalysis":
            mapSleep(row, name: name, units: units, into: &samples)
        default:
            var found = metric(named: name)
            if found == nil, let known = Self.catalogName(name) { found = metric(named: known) }
            guard let metric = found else { return keepRaw(RawRow(row: row, name: name, units: units), reason: .unknownType) }
            // Heart rate arrives as Min/Avg/Max: the average is the value, the range is kept, and so is any other
            // field (blood glucose's `mealTime`, …).
            var extra = HealthAutoExportKeptFields.unused(in: row, used: Self.plainRowFields)
            if let min = row["Min"]?.number { extra["min"] = Self.text(min) }
            if let max = row["Max"]?.number { extra["max"] = Self.text(max) }
            add(metric.id, value: row["qty"]?.number ?? row["Avg"]?.number, unit: units, source: row["source"]?.text,
                start: row["date"]?.text.flatMap(instant), metadata: extra, raw: RawRow(row: row, name: name, units: units), into: &samples)
        }
    }

    /// The fields of a plain row that become the sample itself.
    static let plainRowFields: Set<String> = ["date", "qty", "Min", "Avg", "Max", "source"]
    /// The fields of an aggregated night that become its samples' dates, values and sources.
    static let aggregatedSleepFields: Set<String> = [
        "date", "source", "sleepStart", "sleepEnd", "inBedStart", "inBedEnd", "sleepSource", "inBedSource",
        "core", "deep", "rem", "awake", "asleep", "totalSleep", "inBed",
    ]

    /// Health Auto Export's names for catalog metrics that the catalog's aliases do not spell that way.
    static func catalogName(_ name: String) -> String? {
        switch normalized(name) {
        case "activeenergyburned", "activeenergy": "activeEnergyBurned"
        case "basalenergy", "restingenergyburned": "basalEnergyBurned"
        case "walkingrunningdistance", "distancewalkingrunning": "distanceWalkingRunning"
        case "oxygensaturation", "bloodoxygen", "bloodoxygensaturation": "oxygenSaturation"
        case "heartratevariabilitysdnn": "heartRateVariability"
        case "dietaryenergyconsumed", "dietaryenergy": "dietaryEnergy"
        case "mindfulsession": "mindfulMinutes"
        default: nil
        }
    }

    /// The raw items mapped since the last call.
    public mutating func takeRawItems() -> [ImportedRawItem] {
        defer { rawItems = [] }
        return rawItems
    }

    /// A workout, or nil (counted) when its start is unreadable.
    public mutating func workout(_ row: JSONValue) -> ImportedWorkout? {
        guard row.isObject else { return nil }
        let name = row["name"]?.text ?? "Workout"
        guard let start = row["start"]?.text.flatMap(instant) else {
            skip("bad_date")
            return nil
        }
        let end = row["end"]?.text.flatMap(instant) ?? start
        let minutes = MetricCatalog.metric(named: "exerciseTime")!
        let energy = MetricCatalog.metric(named: "activeEnergyBurned")!
        let distance = MetricCatalog.metric(named: "distanceWalkingRunning")!
        func canonical(_ quantity: JSONValue?, _ metric: Metric) -> Double? {
            guard let qty = quantity?["qty"]?.number else { return nil }
            return try? metric.canonicalValue(fromHealthKit: qty, unit: quantity?["units"]?.text)
        }
        let id = row["id"]?.text
        var key = NaturalKey()
        key.add("HealthAutoExportWorkout")
        key.add(id ?? "\(name)|\(start.date.timeIntervalSince1970)")
        // Version 1 sends active energy as a per-minute series: its sum is the workout's total.
        let activeSeries = Self.sum(row["activeEnergy"], energy)
        let active = canonical(row["activeEnergyBurned"], energy) ?? canonical(row["activeEnergy"], energy) ?? activeSeries
        var statistics: [ImportedWorkoutStatistic] = []
        if let active { statistics.append(ImportedWorkoutStatistic(type: energy.healthKitIdentifier, metric: energy.id, unit: energy.canonicalUnit, sum: active)) }
        if let total = canonical(row["totalEnergy"], energy) {
            statistics.append(ImportedWorkoutStatistic(type: "totalEnergy", unit: energy.canonicalUnit, sum: total))
        }
        var workout = ImportedWorkout(
            activityType: name, startAt: start.date, endAt: end.date, utcOffsetSeconds: start.utcOffsetSeconds,
            durationMinutes: row["duration"]?.number.flatMap { try? minutes.canonicalValue($0, unit: "s") },
            distanceMeters: canonical(row["distance"], distance),
            energyKcal: active,
            statistics: statistics, events: [], routeFiles: [],
            metadata: HealthAutoExportKeptFields.workoutFields(row).merging(id.map { ["id": $0] } ?? [:]) { $1 },
            sourceName: Self.defaultSource, device: nil, naturalKey: key
        )
        workout.heartRates = heartRates(row["heartRateData"], workoutKey: key)
        let rates = workout.heartRates.map(\.average)
        if let heart = MetricCatalog.metric(named: "heartRate") {
            if !rates.isEmpty {
                statistics.append(ImportedWorkoutStatistic(
                    type: heart.healthKitIdentifier, metric: heart.id, unit: heart.canonicalUnit,
                    average: rates.reduce(0, +) / Double(rates.count),
                    minimum: workout.heartRates.map { $0.minimum ?? $0.average }.min(), maximum: workout.heartRates.map { $0.maximum ?? $0.average }.max()
                ))
            } else if let summary = HealthAutoExportKeptFields.heartRateSummary(row, metric: heart) {
                // Without the series (the app's "workout metrics" left off) the app's own summary is the heart rate.
                statistics.append(summary)
            }
            workout.statistics = statistics
        }
        workout.route = route(row["route"], workoutKey: key)
        return workout
    }

    /// Version 2 writes `latitude`/`longitude`, version 1 `lat`/`lon`; both write `altitude` and `timestamp`.
    /// A point that cannot be read is kept raw with why.
    private mutating func route(_ value: JSONValue?, workoutKey: NaturalKey) -> [RoutePoint] {
        guard case let .array(entries) = value else { return [] }
        var points: [RoutePoint] = []
        points.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() {
            var input = RoutePointInput()
            input.time = entry["timestamp"]?.text ?? entry["date"]?.text
            input.latitude = (entry["latitude"] ?? entry["lat"])?.number
            input.longitude = (entry["longitude"] ?? entry["lon"])?.number
            input.elevation = (entry["altitude"] ?? entry["elevation"])?.number
            input.speed = entry["speed"]?.number
            input.course = entry["course"]?.number
            input.horizontalAccuracy = entry["horizontalAccuracy"]?.number
            input.verticalAccuracy = entry["verticalAccuracy"]?.number
            switch input.point(window: window) {
            case let .success(point): points.append(point)
            case let .failure(reason):
                var fields: [String: String] = [:]
                if case let .object(members) = entry { for (name, member) in members { fields[name] = Self.describe(member) } }
                keptRaw[reason.rawValue, default: 0] += 1
                rawItems.append(RejectedRoutePoint.raw(
                    element: "HealthAutoExportRoute", workoutKey: workoutKey, file: nil, index: index, fields: fields, reason: reason
                ))
            }
        }
        return points
    }

    /// `heartRateData`: `{date, Min, Avg, Max}` (version 2) or `{date, qty}` (version 1), beats per minute.
    /// An entry that cannot be read is kept raw with why.
    private mutating func heartRates(_ value: JSONValue?, workoutKey: NaturalKey) -> [WorkoutHeartRate] {
        guard case let .array(entries) = value else { return [] }
        var rates: [WorkoutHeartRate] = []
        for (index, entry) in entries.enumerated() {
            let time = entry["date"]?.text.flatMap(instant)
            let average = (entry["Avg"] ?? entry["qty"])?.number
            if let time, let average {
                rates.append(WorkoutHeartRate(time: time.date, average: average, minimum: entry["Min"]?.number, maximum: entry["Max"]?.number))
                continue
            }
            var fields: [String: String] = [:]
            if case let .object(members) = entry { for (name, member) in members { fields[name] = Self.describe(member) } }
            let reason: KeptRawReason = time == nil ? .badDate : .badValue
            keptRaw[reason.rawValue, default: 0] += 1
            var raw = RejectedRoutePoint.raw(element: "HealthAutoExportHeartRate", workoutKey: workoutKey, file: nil, index: index, fields: fields, reason: reason)
            raw.type = "WorkoutHeartRate"
            rawItems.append(raw)
        }
        return rates
    }

    /// The sum of a series of `{qty, units}` entries in the metric's canonical unit, or nil when it is no series.
    private static func sum(_ value: JSONValue?, _ metric: Metric) -> Double? {
        guard case let .array(entries) = value, !entries.isEmpty else { return nil }
        let values = entries.compactMap { entry in
            entry["qty"]?.number.flatMap { try? metric.canonicalValue(fromHealthKit: $0, unit: entry["units"]?.text) }
        }
        return values.isEmpty ? nil : values.reduce(0, +)
    }

    private mutating func add(
        _ id: String, value: Double?, unit: String?, source: String?, start: Instant?, end: Instant? = nil,
        metadata: [String: String] = [:], raw: RawRow, into samples: inout [Sample]
    ) {
        guard let metric = metric(named: id) else { return keepRaw(raw, reason: .unknownType) }
        guard let start else { return keepRaw(raw, reason: .badDate) }
        guard let value else { return keepRaw(raw, reason: .badValue) }
        guard let canonical = values.canonical(value, unit: unit, metric: metric) else { return keepRaw(raw, reason: .unknownUnit) }
        let source = source ?? Self.defaultSource
        let endDate = end?.date ?? start.date
        let sample = ImportedSample(
            metric: metric.id, value: canonical, originalValue: value, originalUnit: unit ?? metric.canonicalUnit,
            startAt: start.date, endAt: endDate, utcOffsetSeconds: start.utcOffsetSeconds, sourceName: source, device: nil,
            metadata: metadata.isEmpty ? nil : metadata,
            naturalKey: NaturalKey.sample(metric: metric.id, sourceName: source, start: start.date, end: endDate, value: canonical)
        )
        let externalId = "\(metric.id)|\(Int64(start.date.timeIntervalSince1970))|\(Int64(endDate.timeIntervalSince1970))|\(source)"
        samples.append((sample, externalId))
    }

    /// Two shapes: one aggregated row per night or one row per segment (startDate, endDate, value "Core" /
    /// "Deep" / "REM" / "Asleep" / "Awake" / "In Bed").
    ///
    /// The aggregated row comes in two forms. Before iOS 16: `asleep` and `inBed` hours. From iOS 16: `asleep`
    /// is 0 and the night is `totalSleep`, split into `core`, `deep` and `rem`, with `awake` time beside it, and
    /// `sleepSource` / `inBedSource` name the apps. The night's sleep is the first of `asleep`, `totalSleep` and
    /// core + deep + rem that is above zero; the stages (Awake among them) are kept with it.
    /// An Awake segment is not sleep and the catalog has no metric for it: it is kept raw as its own stage.
    private mutating func mapSleep(_ row: JSONValue, name: String, units: String?, into samples: inout [Sample]) {
        let hours = units ?? "hr"
        let source = row["source"]?.text
        let raw = RawRow(row: row, name: name, units: units)
        if let stage = row["value"]?.text {
            guard let start = row["startDate"]?.text.flatMap(instant), let end = row["endDate"]?.text.flatMap(instant) else {
                return keepRaw(raw, reason: .badDate)
            }
            let kind = Self.normalized(stage)
            guard kind != "awake" else { return keepRaw(raw, reason: .noMetric) }
            let minutes = end.date.timeIntervalSince(start.date) / 60
            var kept = HealthAutoExportKeptFields.unused(in: row, used: ["startDate", "endDate", "value", "qty", "source"])
            kept["stage"] = stage
            add(kind == "inbed" ? "timeInBed" : "sleepAnalysis", value: minutes, unit: "min", source: source,
                start: start, end: end, metadata: kept, raw: raw, into: &samples)
            return
        }
        var stages = HealthAutoExportKeptFields.unused(in: row, used: Self.aggregatedSleepFields)
        for key in ["core", "deep", "rem", "awake", "asleep", "totalSleep", "inBed"] {
            if let value = row[key]?.number { stages[key] = Self.text(value) }
        }
        let day = row["date"]?.text.flatMap(instant)
        let stageSum = ["core", "deep", "rem"].compactMap { row[$0]?.number }.reduce(0, +)
        // `totalSleep` first: since iOS 16 `asleep` is only the part no app put in a stage ("Asleep, unspecified"),
        // so a night a third-party sleep app also wrote has a few minutes there and the whole night in the total.
        let asleep = [row["totalSleep"]?.number, row["asleep"]?.number, stageSum].compactMap { $0 }.first { $0 > 0 }
        var stored = false
        if let asleep {
            add("sleepAnalysis", value: asleep, unit: hours, source: row["sleepSource"]?.text ?? source,
                start: row["sleepStart"]?.text.flatMap(instant) ?? day, end: row["sleepEnd"]?.text.flatMap(instant),
                metadata: stages, raw: raw, into: &samples)
            stored = true
        }
        if let inBed = row["inBed"]?.number, inBed > 0 {
            add("timeInBed", value: inBed, unit: hours, source: row["inBedSource"]?.text ?? source,
                start: row["inBedStart"]?.text.flatMap(instant) ?? day, end: row["inBedEnd"]?.text.flatMap(instant),
                raw: raw, into: &samples)
            stored = true
        }
        if !stored { keepRaw(raw, reason: .badValue) }
    }

    /// One row as the app sent it, kept for the case it cannot become a sample.
    struct RawRow {
        let row: JSONValue
        let name: String
        let units: String?
    }

    /// Keeps a row raw with why: its metric name and units, every field as text, its date and source.
    private mutating func keepRaw(_ raw: RawRow, reason: KeptRawReason) {
        keptRaw[reason.rawValue, default: 0] += 1
        var attributes: [String: String] = [:]
        if case let .object(members) = raw.row {
            for (name, value) in members { attributes[name] = Self.describe(value) }
        }
        let dateText = raw.row["date"]?.text ?? raw.row["startDate"]?.text ?? raw.row["start"]?.text
        let start = dateText.flatMap(instant)
        let end = (raw.row["endDate"]?.text ?? raw.row["end"]?.text).flatMap(instant)
        let source = raw.row["source"]?.text ?? Self.defaultSource
        var key = NaturalKey()
        key.add("HealthAutoExport")
        key.add(raw.name)
        key.add(raw.units ?? "")
        for (name, value) in attributes.sorted(by: { $0.key < $1.key }) {
            key.add(name)
            key.add(value)
        }
        let value = raw.row["qty"] ?? raw.row["value"] ?? raw.row["Avg"]
        rawItems.append(ImportedRawItem(
            element: "HealthAutoExport", type: raw.name, value: value.map(Self.describe), unit: raw.units,
            startAt: start?.date, endAt: (end ?? start)?.date, utcOffsetSeconds: start?.utcOffsetSeconds, sourceName: source,
            attributes: attributes, metadata: [:], naturalKey: key, reason: reason
        ))
    }

    /// A JSON value as text: strings as they are, numbers without a needless ".0", nested values as JSON.
    static func describe(_ value: JSONValue) -> String {
        switch value {
        case let .string(text): text
        case let .number(number): number.isFinite ? text(number) : String(number)
        case let .bool(flag): flag ? "true" : "false"
        case .null: "null"
        case let .array(elements): "[" + elements.map(json).joined(separator: ",") + "]"
        case .object: json(value)
        }
    }

    private static func json(_ value: JSONValue) -> String {
        switch value {
        case let .string(text): ImportJSON.string(text)
        case let .object(members):
            "{" + members.sorted { $0.key < $1.key }.map { ImportJSON.string($0.key) + ":" + json($0.value) }.joined(separator: ",") + "}"
        default: describe(value)
        }
    }

    /// A date as the app writes it (`2024-01-01 07:00:00 +0900`, or RFC 3339), inside the health-data window.
    private func instant(_ text: String) -> Instant? {
        guard let instant = try? Instant.parse(text, forms: .exportFiles), window.contains(instant.date) else { return nil }
        return instant
    }

    private mutating func metric(named name: String) -> Metric? {
        if let known = catalog[name] { return known }
        let found = MetricCatalog.metric(named: name)
        catalog[name] = found
        return found
    }

    private mutating func skip(_ reason: String) {
        skipped[reason, default: 0] += 1
    }

    private static func normalized(_ name: String) -> String {
        String(name.lowercased().filter { !"_- ".contains($0) })
    }

    private static func text(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 9e15 { return String(Int64(value)) }
        return String(value)
    }
}

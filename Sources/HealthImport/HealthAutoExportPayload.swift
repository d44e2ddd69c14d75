import Foundation
import Health

/// A Health Auto Export delivery (`{"data": {"metrics": [...], "workouts": [...]}}`) mapped to samples and
/// workouts. Each sample carries an idempotency key of metric + date + source, so a retry or an overlapping
/// backfill updates instead of adding.
///
/// Samples are handed out in batches (`nextSamples`): a year-long backfill is a million rows, and mapping
/// them all up front would hold a million samples, metadata and keys at once.
public struct HealthAutoExportPayload: Sendable {
    public private(set) var workouts: [ImportedWorkout] = []
    /// Skipped entries per reason (unknown_metric, bad_date, bad_value, unknown_unit, not_sleep), for the
    /// rows handed out so far and the workouts.
    public private(set) var skipped: [String: Int] = [:]
    /// Rows in the delivery (a blood-pressure row becomes two samples, an aggregated night up to two).
    public let rowCount: Int

    private let metrics: [HealthAutoExportJSON.Metric]
    private var metricIndex = 0
    private var rowIndex = 0
    /// Catalog lookups fold and compare strings; a backfill repeats a few names a million times.
    private var catalog: [String: Metric?] = [:]
    private var values = CanonicalValues()

    public struct Invalid: Error, Sendable {
        public let detail: String
    }

    public static let defaultSource = "Health Auto Export"

    public init(json data: Data) throws {
        let delivery: HealthAutoExportJSON
        do {
            delivery = try JSONDecoder().decode(HealthAutoExportJSON.self, from: data)
        } catch DecodingError.typeMismatch {
            throw Invalid(detail: "the body is not a JSON object")
        } catch {
            throw Invalid(detail: "not JSON")
        }
        // Empty deliveries happen ({} or {"data": {}}): they are valid and change nothing.
        metrics = delivery.metrics
        rowCount = metrics.reduce(0) { $0 + $1.count }
        for workout in delivery.workouts { add(workout: workout) }
    }

    /// The next samples, about `limit` of them (a row's samples stay together); empty once every row is out.
    public mutating func nextSamples(limit: Int) -> [(sample: ImportedSample, externalId: String)] {
        var batch: [(sample: ImportedSample, externalId: String)] = []
        batch.reserveCapacity(limit + 1)
        while batch.count < limit, metricIndex < metrics.count {
            let metric = metrics[metricIndex]
            guard rowIndex < metric.count else {
                metricIndex += 1
                rowIndex = 0
                continue
            }
            add(row: rowIndex, of: metric, to: &batch)
            rowIndex += 1
        }
        return batch
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

    private mutating func add(row index: Int, of metric: HealthAutoExportJSON.Metric, to batch: inout [(sample: ImportedSample, externalId: String)]) {
        switch metric.rows {
        case let .bloodPressure(rows):
            let row = rows[index]
            let start = row.date.flatMap(ExportDate.init)
            add("bloodPressureSystolic", value: row.systolic, unit: metric.units, source: row.source, start: start, to: &batch)
            add("bloodPressureDiastolic", value: row.diastolic, unit: metric.units, source: row.source, start: start, to: &batch)
        case let .sleep(rows):
            addSleep(rows[index], units: metric.units, to: &batch)
        case let .plain(rows):
            guard let catalogMetric = self.metric(named: metric.name) else { return skip("unknown_metric") }
            let row = rows[index]
            // Heart rate arrives as Min/Avg/Max: the average is the value, the range is kept.
            var extra: [String: String] = [:]
            if let min = row.min { extra["min"] = Self.text(min) }
            if let max = row.max { extra["max"] = Self.text(max) }
            add(catalogMetric.id, value: row.qty ?? row.avg, unit: metric.units, source: row.source,
                start: row.date.flatMap(ExportDate.init), metadata: extra, to: &batch)
        }
    }

    private mutating func add(
        _ id: String, value: Double?, unit: String?, source: String?, start: ExportDate?, end: ExportDate? = nil,
        metadata: [String: String] = [:], to batch: inout [(sample: ImportedSample, externalId: String)]
    ) {
        guard let metric = self.metric(named: id) else { return skip("unknown_metric") }
        guard let start else { return skip("bad_date") }
        guard let value else { return skip("bad_value") }
        guard let canonical = values.canonical(value, unit: unit, metric: metric) else { return skip("unknown_unit") }
        let source = source ?? Self.defaultSource
        let endDate = end?.date ?? start.date
        let sample = ImportedSample(
            metric: metric.id, value: canonical, originalValue: value, originalUnit: unit ?? metric.canonicalUnit,
            startAt: start.date, endAt: endDate, utcOffsetSeconds: start.utcOffsetSeconds, sourceName: source, device: nil,
            metadata: metadata.isEmpty ? nil : metadata,
            naturalKey: NaturalKey.sample(metric: metric.id, sourceName: source, start: start.date, end: endDate, value: canonical)
        )
        let externalId = "\(metric.id)|\(Int64(start.date.timeIntervalSince1970))|\(Int64(endDate.timeIntervalSince1970))|\(source)"
        batch.append((sample, externalId))
    }

    /// Two shapes: one aggregated row per night (hours asleep, in bed, per stage) or one row per segment
    /// (startDate, endDate, value "Core" / "Deep" / "REM" / "Awake" / "In Bed").
    private mutating func addSleep(_ row: HealthAutoExportJSON.SleepRow, units: String?, to batch: inout [(sample: ImportedSample, externalId: String)]) {
        let hours = units ?? "hr"
        if let stage = row.stage {
            guard let start = row.startDate.flatMap(ExportDate.init), let end = row.endDate.flatMap(ExportDate.init) else {
                return skip("bad_date")
            }
            let kind = HealthAutoExportJSON.normalized(stage)
            guard kind != "awake" else { return skip("not_sleep") }
            let minutes = end.date.timeIntervalSince(start.date) / 60
            add(kind == "inbed" ? "timeInBed" : "sleepAnalysis", value: minutes, unit: "min", source: row.source,
                start: start, end: end, metadata: ["stage": stage], to: &batch)
            return
        }
        let stages = row.stages.mapValues(Self.text)
        let day = row.date.flatMap(ExportDate.init)
        if let asleep = row.asleep, asleep > 0 {
            add("sleepAnalysis", value: asleep, unit: hours, source: row.source,
                start: row.sleepStart.flatMap(ExportDate.init) ?? day, end: row.sleepEnd.flatMap(ExportDate.init), metadata: stages, to: &batch)
        }
        if let inBed = row.inBed, inBed > 0 {
            add("timeInBed", value: inBed, unit: hours, source: row.source,
                start: row.inBedStart.flatMap(ExportDate.init) ?? day, end: row.inBedEnd.flatMap(ExportDate.init), to: &batch)
        }
    }

    private mutating func add(workout row: HealthAutoExportJSON.Workout) {
        let name = row.name ?? "Workout"
        guard let start = row.start.flatMap(ExportDate.init) else { return skip("bad_date") }
        let end = row.end.flatMap(ExportDate.init) ?? start
        let minutes = MetricCatalog.metric(named: "exerciseTime")!
        let energy = MetricCatalog.metric(named: "activeEnergyBurned")!
        let distance = MetricCatalog.metric(named: "distanceWalkingRunning")!
        func canonical(_ quantity: HealthAutoExportJSON.Quantity?, _ metric: Metric) -> Double? {
            guard let quantity, let qty = quantity.qty else { return nil }
            return try? metric.canonicalValue(fromHealthKit: qty, unit: quantity.units)
        }
        var key = NaturalKey()
        key.add("HealthAutoExportWorkout")
        key.add(row.id ?? "\(name)|\(start.date.timeIntervalSince1970)")
        workouts.append(ImportedWorkout(
            activityType: name, startAt: start.date, endAt: end.date, utcOffsetSeconds: start.utcOffsetSeconds,
            durationMinutes: row.duration.flatMap { try? minutes.canonicalValue($0, unit: "s") },
            distanceMeters: canonical(row.distance, distance), energyKcal: canonical(row.activeEnergy, energy),
            statistics: [], events: [], routeFiles: [], metadata: row.id.map { ["id": $0] } ?? [:],
            sourceName: Self.defaultSource, device: nil, naturalKey: key
        ))
    }

    private static func text(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}

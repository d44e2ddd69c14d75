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

    /// Skipped entries per reason (unknown_metric, bad_date, bad_value, unknown_unit, not_sleep).
    public private(set) var skipped: [String: Int] = [:]
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
            add("bloodPressureSystolic", value: row["systolic"]?.number, unit: units, source: row["source"]?.text, start: start, into: &samples)
            add("bloodPressureDiastolic", value: row["diastolic"]?.number, unit: units, source: row["source"]?.text, start: start, into: &samples)
        case "sleepanalysis":
            mapSleep(row, units: units, into: &samples)
        default:
            guard let metric = metric(named: name) else { return skip("unknown_metric") }
            // Heart rate arrives as Min/Avg/Max: the average is the value, the range is kept.
            var extra: [String: String] = [:]
            if let min = row["Min"]?.number { extra["min"] = Self.text(min) }
            if let max = row["Max"]?.number { extra["max"] = Self.text(max) }
            add(metric.id, value: row["qty"]?.number ?? row["Avg"]?.number, unit: units, source: row["source"]?.text,
                start: row["date"]?.text.flatMap(instant), metadata: extra, into: &samples)
        }
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
        return ImportedWorkout(
            activityType: name, startAt: start.date, endAt: end.date, utcOffsetSeconds: start.utcOffsetSeconds,
            durationMinutes: row["duration"]?.number.flatMap { try? minutes.canonicalValue($0, unit: "s") },
            distanceMeters: canonical(row["distance"], distance),
            energyKcal: canonical(row["activeEnergyBurned"], energy) ?? canonical(row["activeEnergy"], energy),
            statistics: [], events: [], routeFiles: [], metadata: id.map { ["id": $0] } ?? [:],
            sourceName: Self.defaultSource, device: nil, naturalKey: key
        )
    }

    private mutating func add(
        _ id: String, value: Double?, unit: String?, source: String?, start: Instant?, end: Instant? = nil,
        metadata: [String: String] = [:], into samples: inout [Sample]
    ) {
        guard let metric = metric(named: id) else { return skip("unknown_metric") }
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
        samples.append((sample, externalId))
    }

    /// Two shapes: one aggregated row per night (hours asleep, in bed, per stage) or one row per segment
    /// (startDate, endDate, value "Core" / "Deep" / "REM" / "Awake" / "In Bed").
    private mutating func mapSleep(_ row: JSONValue, units: String?, into samples: inout [Sample]) {
        let hours = units ?? "hr"
        let source = row["source"]?.text
        if let stage = row["value"]?.text {
            guard let start = row["startDate"]?.text.flatMap(instant), let end = row["endDate"]?.text.flatMap(instant) else {
                return skip("bad_date")
            }
            let kind = Self.normalized(stage)
            guard kind != "awake" else { return skip("not_sleep") }
            let minutes = end.date.timeIntervalSince(start.date) / 60
            add(kind == "inbed" ? "timeInBed" : "sleepAnalysis", value: minutes, unit: "min", source: source,
                start: start, end: end, metadata: ["stage": stage], into: &samples)
            return
        }
        var stages: [String: String] = [:]
        for key in ["core", "deep", "rem", "awake"] { if let value = row[key]?.number { stages[key] = Self.text(value) } }
        let day = row["date"]?.text.flatMap(instant)
        if let asleep = row["asleep"]?.number ?? row["totalSleep"]?.number, asleep > 0 {
            add("sleepAnalysis", value: asleep, unit: hours, source: source, start: row["sleepStart"]?.text.flatMap(instant) ?? day,
                end: row["sleepEnd"]?.text.flatMap(instant), metadata: stages, into: &samples)
        }
        if let inBed = row["inBed"]?.number, inBed > 0 {
            add("timeInBed", value: inBed, unit: hours, source: source, start: row["inBedStart"]?.text.flatMap(instant) ?? day,
                end: row["inBedEnd"]?.text.flatMap(instant), into: &samples)
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
        Int(exactly: value).map(String.init) ?? String(value)
    }
}

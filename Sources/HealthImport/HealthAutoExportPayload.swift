import Foundation
import Health

/// A Health Auto Export delivery (`{"data": {"metrics": [...], "workouts": [...]}}`) mapped to samples and
/// workouts. Each sample carries an idempotency key of metric + date + source, so a retry or an overlapping
/// backfill updates instead of adding.
public struct HealthAutoExportPayload: Sendable {
    public var samples: [(sample: ImportedSample, externalId: String)] = []
    public var workouts: [ImportedWorkout] = []
    /// Skipped entries per reason (unknown_metric, bad_date, bad_value, unknown_unit, not_sleep).
    public var skipped: [String: Int] = [:]

    public struct Invalid: Error, Sendable {
        public let detail: String
    }

    public static let defaultSource = "Health Auto Export"

    public init(json data: Data) throws {
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw Invalid(detail: "not JSON")
        }
        guard let object = root as? [String: Any] else { throw Invalid(detail: "the body is not a JSON object") }
        // Empty deliveries happen ({} or {"data": {}}): they are valid and change nothing.
        let payload = object["data"] as? [String: Any] ?? [:]
        for metric in payload["metrics"] as? [[String: Any]] ?? [] { add(metric: metric) }
        for workout in payload["workouts"] as? [[String: Any]] ?? [] { add(workout: workout) }
    }

    private mutating func skip(_ reason: String) {
        skipped[reason, default: 0] += 1
    }

    private mutating func add(metric entry: [String: Any]) {
        let name = entry["name"] as? String ?? ""
        let units = entry["units"] as? String
        let rows = entry["data"] as? [[String: Any]] ?? []
        switch Self.normalized(name) {
        case "bloodpressure":
            for row in rows {
                addSample(row, metric: "bloodPressureSystolic", value: Self.number(row["systolic"]), unit: units, name: name)
                addSample(row, metric: "bloodPressureDiastolic", value: Self.number(row["diastolic"]), unit: units, name: name)
            }
        case "sleepanalysis":
            for row in rows { addSleep(row, units: units) }
        default:
            guard let metric = MetricCatalog.metric(named: name) else {
                rows.forEach { _ in skip("unknown_metric") }
                return
            }
            for row in rows {
                // Heart rate arrives as Min/Avg/Max: the average is the value, the range is kept.
                var extra: [String: String] = [:]
                for key in ["Min", "Max"] { if let value = Self.number(row[key]) { extra[key.lowercased()] = Self.text(value) } }
                addSample(row, metric: metric.id, value: Self.number(row["qty"]) ?? Self.number(row["Avg"]), unit: units, name: name, metadata: extra)
            }
        }
    }

    private mutating func addSample(
        _ row: [String: Any], metric id: String, value: Double?, unit: String?, name: String,
        start: ExportDate? = nil, end: ExportDate? = nil, metadata: [String: String] = [:]
    ) {
        guard let metric = MetricCatalog.metric(named: id) else { return skip("unknown_metric") }
        guard let start = start ?? (row["date"] as? String).flatMap(ExportDate.init) else { return skip("bad_date") }
        guard let value else { return skip("bad_value") }
        guard let canonical = try? metric.canonicalValue(fromHealthKit: value, unit: unit) else { return skip("unknown_unit") }
        let source = row["source"] as? String ?? Self.defaultSource
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
    private mutating func addSleep(_ row: [String: Any], units: String?) {
        let hours = units ?? "hr"
        if let stage = row["value"] as? String {
            let start = (row["startDate"] as? String).flatMap(ExportDate.init)
            let end = (row["endDate"] as? String).flatMap(ExportDate.init)
            guard let start, let end else { return skip("bad_date") }
            let kind = Self.normalized(stage)
            guard kind != "awake" else { return skip("not_sleep") }
            let minutes = end.date.timeIntervalSince(start.date) / 60
            addSample(row, metric: kind == "inbed" ? "timeInBed" : "sleepAnalysis", value: minutes, unit: "min", name: "sleep",
                      start: start, end: end, metadata: ["stage": stage])
            return
        }
        var stages: [String: String] = [:]
        for key in ["core", "deep", "rem", "awake"] { if let value = Self.number(row[key]) { stages[key] = Self.text(value) } }
        let sleepStart = (row["sleepStart"] as? String).flatMap(ExportDate.init)
        let sleepEnd = (row["sleepEnd"] as? String).flatMap(ExportDate.init)
        if let asleep = Self.number(row["asleep"]) ?? Self.number(row["totalSleep"]), asleep > 0 {
            addSample(row, metric: "sleepAnalysis", value: asleep, unit: hours, name: "sleep", start: sleepStart, end: sleepEnd, metadata: stages)
        }
        if let inBed = Self.number(row["inBed"]), inBed > 0 {
            let start = (row["inBedStart"] as? String).flatMap(ExportDate.init)
            let end = (row["inBedEnd"] as? String).flatMap(ExportDate.init)
            addSample(row, metric: "timeInBed", value: inBed, unit: hours, name: "sleep", start: start, end: end)
        }
    }

    private mutating func add(workout row: [String: Any]) {
        let name = row["name"] as? String ?? "Workout"
        guard let start = (row["start"] as? String).flatMap(ExportDate.init) else { return skip("bad_date") }
        let end = (row["end"] as? String).flatMap(ExportDate.init) ?? start
        let minutes = MetricCatalog.metric(named: "exerciseTime")!
        let energy = MetricCatalog.metric(named: "activeEnergyBurned")!
        let distance = MetricCatalog.metric(named: "distanceWalkingRunning")!
        func quantity(_ keys: [String], _ metric: Metric) -> Double? {
            for key in keys {
                guard let object = row[key] as? [String: Any], let qty = Self.number(object["qty"]) else { continue }
                return try? metric.canonicalValue(fromHealthKit: qty, unit: object["units"] as? String)
            }
            return nil
        }
        var key = NaturalKey()
        key.add("HealthAutoExportWorkout")
        key.add(row["id"] as? String ?? "\(name)|\(start.date.timeIntervalSince1970)")
        workouts.append(ImportedWorkout(
            activityType: name, startAt: start.date, endAt: end.date, utcOffsetSeconds: start.utcOffsetSeconds,
            durationMinutes: Self.number(row["duration"]).flatMap { try? minutes.canonicalValue($0, unit: "s") },
            distanceMeters: quantity(["distance"], distance), energyKcal: quantity(["activeEnergyBurned", "activeEnergy"], energy),
            statistics: [], events: [], routeFiles: [], metadata: (row["id"] as? String).map { ["id": $0] } ?? [:],
            sourceName: Self.defaultSource, device: nil, naturalKey: key
        ))
    }

    private static func normalized(_ name: String) -> String {
        String(name.lowercased().filter { !"_- ".contains($0) })
    }

    private static func number(_ value: Any?) -> Double? {
        if let number = value as? NSNumber { return number.doubleValue }
        if let text = value as? String { return Double(text) }
        return nil
    }

    private static func text(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}

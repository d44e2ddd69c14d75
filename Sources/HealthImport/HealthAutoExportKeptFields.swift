import Foundation
import Health

/// The fields of a Health Auto Export row or workout that Kiroku does not turn into columns, kept as text so that
/// nothing the app sends is dropped: a workout's `intensity`, `temperature`, `humidity`, `elevationUp` /
/// `elevation`, `location`, `heartRate` summary, `heartRateRecovery`, `stepCount` series, `metadata` …; a row's
/// `mealTime` (blood glucose), `reason` (insulin) and whatever later app versions add.
enum HealthAutoExportKeptFields {
    /// Workout fields that become the workout's own columns, statistics, heart-rate series or route.
    static let modelledWorkoutFields: Set<String> = [
        "id", "name", "start", "end", "duration", "distance", "activeEnergyBurned", "totalEnergy", "heartRateData", "route",
    ]

    /// Every member of `value` not in `used`, as `HealthAutoExportMapper.describe` writes it (strings as they are,
    /// objects and arrays as JSON). A `null` member carries nothing and is left out.
    static func unused(in value: JSONValue, used: Set<String>) -> [String: String] {
        guard case let .object(members) = value else { return [:] }
        var kept: [String: String] = [:]
        for (name, member) in members where !used.contains(name) && member != .null {
            kept[name] = HealthAutoExportMapper.describe(member)
        }
        return kept
    }

    /// A workout's fields that no column holds. Version 1 sends `activeEnergy` as a per-minute series (its sum
    /// becomes the total, the series is kept too); as one `{qty, units}` it is the total itself.
    static func workoutFields(_ row: JSONValue) -> [String: String] {
        var used = modelledWorkoutFields
        if row["activeEnergy"]?.isObject == true { used.insert("activeEnergy") }
        return unused(in: row, used: used)
    }

    /// The workout's heart rate as the app summarises it when no `heartRateData` series comes with it: version 2's
    /// `heartRate: {min, avg, max}` or version 1's `avgHeartRate` / `maxHeartRate`, each `{qty, units}`.
    static func heartRateSummary(_ row: JSONValue, metric: Metric) -> ImportedWorkoutStatistic? {
        func beats(_ quantity: JSONValue?) -> Double? {
            guard let qty = quantity?["qty"]?.number else { return nil }
            return try? metric.canonicalValue(fromHealthKit: qty, unit: quantity?["units"]?.text)
        }
        let summary = row["heartRate"]
        let average = beats(summary?["avg"]) ?? beats(row["avgHeartRate"])
        let minimum = beats(summary?["min"]) ?? beats(row["minHeartRate"])
        let maximum = beats(summary?["max"]) ?? beats(row["maxHeartRate"])
        guard average != nil || maximum != nil else { return nil }
        return ImportedWorkoutStatistic(
            type: metric.healthKitIdentifier, metric: metric.id, unit: metric.canonicalUnit,
            average: average, minimum: minimum, maximum: maximum
        )
    }
}

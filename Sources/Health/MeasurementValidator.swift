import Foundation

/// The checks the original app applied to values typed by hand. Device and import data skip the range checks:
/// a sensor reading outside them is still a reading, and dropping it would lose data.
public enum MeasurementValidator {
    /// How far ahead of `now` an entry may start: enough for a phone whose clock or zone is a little off,
    /// not enough for a mistyped year.
    public static let futureTolerance: TimeInterval = InstantWindow.clockTolerance

    /// Two entries of one metric this close together are probably the same entry made twice.
    public static let duplicateInterval: TimeInterval = 5 * 60

    /// Manual entry rules: plausible range refused, warning range flagged, NaN/inf refused, end < start refused,
    /// start (or end) more than 1 day after `now` refused. A nil or blank unit means the canonical unit.
    public static func validate(_ input: MeasurementInput, now: Date) throws(HealthError) -> ValidatedMeasurement {
        guard let metric = MetricCatalog.metric(named: input.metric) else {
            throw HealthError.unknownMetric(input.metric)
        }
        let unit = try metric.resolveUnit(input.unit)
        guard input.value.isFinite else { throw HealthError.invalidValue(input.value, metric: metric) }
        let canonicalValue = unit.toCanonical(input.value)
        guard canonicalValue.isFinite else { throw HealthError.invalidValue(input.value, metric: metric) }
        guard within(metric.plausibleRange, canonicalValue) else {
            throw HealthError.outOfRange(input.value, unit: unit.symbol, metric: metric)
        }

        let end = input.end ?? input.start
        guard end >= input.start else { throw HealthError.invalidTimeRange }
        try checkTimes(start: input.start, end: end, now: now)

        var warnings: [ValidationWarning] = []
        if let usual = metric.warningRange, !within(usual, canonicalValue) {
            warnings.append(unusual(metric: metric, unit: unit, range: usual, high: canonicalValue > usual.upperBound))
        }
        return ValidatedMeasurement(
            metric: metric,
            canonicalValue: canonicalValue,
            originalValue: input.value,
            originalUnit: unit.symbol,
            start: input.start,
            end: end,
            warnings: warnings
        )
    }

    /// Health data lies in `InstantWindow.healthData`: later than a day ahead is `future_time` (the code clients
    /// know), earlier than 1900 is `date_out_of_range` naming the field (`startField`) and the value.
    public static func checkTimes(start: Date, end: Date, now: Date, startField: String = "start") throws(HealthError) {
        let window = InstantWindow.healthData(now: now)
        guard start <= window.latest, end <= window.latest else { throw HealthError.futureTime }
        guard start >= window.earliest else { throw HealthError(window.refusal(start, field: startField)) }
    }

    /// seed 000: a second entry of the same metric within 5 minutes is flagged (not refused).
    /// Exactly 5 minutes apart still counts as a duplicate.
    public static func duplicateWarning(for start: Date, existingStarts: [Date]) -> ValidationWarning? {
        existingStarts.contains(where: { abs($0.timeIntervalSince(start)) <= duplicateInterval }) ? possibleDuplicate : nil
    }

    /// Another entry of the same metric starts within `duplicateInterval`.
    public static let possibleDuplicate = ValidationWarning(
        code: "possible_duplicate",
        message: LocalizedText(
            ja: "5分以内に同じ項目の記録があります。重複していないか確認してください",
            en: "There is already an entry for this within 5 minutes. Please check it is not a duplicate."
        )
    )

    // A hair of tolerance so that a limit typed in another unit (86 °F is 30 °C) is not refused over
    // floating-point noise in the conversion.
    private static func within(_ range: ClosedRange<Double>, _ value: Double) -> Bool {
        let slack = 1e-9 * Swift.max(1, abs(range.lowerBound), abs(range.upperBound))
        return value >= range.lowerBound - slack && value <= range.upperBound + slack
    }

    private static func unusual(
        metric: Metric, unit: UnitConversion, range: ClosedRange<Double>, high: Bool
    ) -> ValidationWarning {
        let decimals = unit.decimals(forCanonicalDecimals: metric.decimals)
        let low = DecimalText.trimmed(unit.fromCanonical(range.lowerBound), decimals: decimals)
        let upper = DecimalText.trimmed(unit.fromCanonical(range.upperBound), decimals: decimals)
        let ja = UnitLabel.suffix(unit.symbol, in: .ja)
        let en = UnitLabel.suffix(unit.symbol, in: .en)
        return ValidationWarning(
            code: high ? "unusually_high" : "unusually_low",
            message: LocalizedText(
                ja: "\(metric.name.ja)が通常の範囲（\(low)〜\(upper)\(ja)）より\(high ? "高い" : "低い")値です。入力に誤りがないか確認してください",
                en: "\(metric.name.en) is unusually \(high ? "high" : "low") (usual range \(low)–\(upper)\(en)). Please check the value."
            )
        )
    }
}

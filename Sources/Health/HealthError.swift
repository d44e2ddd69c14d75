import Foundation

/// Why Health refused some input. `code` is stable for clients; the message is for the person, in both languages,
/// and says what would have been accepted so they can fix the entry without guessing.
public typealias HealthError = DomainRefusal<HealthDomain>

/// Marks the HealthError refusals.
public enum HealthDomain: Sendable {}

extension DomainRefusal where Domain == HealthDomain {
    public static func unknownMetric(_ name: String) -> HealthError {
        HealthError(
            code: "unknown_metric",
            message: LocalizedText(
                ja: "無効なデータ: 「\(name)」という記録項目はありません",
                en: "Invalid data: there is no metric called \"\(name)\"."
            )
        )
    }

    public static func unknownUnit(_ unit: String, metric: Metric) -> HealthError {
        let accepted = metric.units.map(\.symbol).joined(separator: ", ")
        return HealthError(
            code: "unknown_unit",
            message: LocalizedText(
                ja: "無効なデータ: \(metric.name.ja)に単位「\(unit)」は使えません（使える単位: \(accepted)）",
                en: "Invalid data: \(metric.name.en) cannot be given in \"\(unit)\" (accepted units: \(accepted))."
            )
        )
    }

    /// `value` and `unit` are as the person entered them; the allowed range is stated in that same unit,
    /// rounded inwards so the limits shown are themselves accepted.
    public static func outOfRange(_ value: Double, unit: String, metric: Metric) -> HealthError {
        let conversion = metric.unit(named: unit) ?? metric.canonical
        let decimals = conversion.decimals(forCanonicalDecimals: metric.decimals)
        let lower = DecimalText.inward(
            conversion.fromCanonical(metric.plausibleRange.lowerBound), decimals: decimals, roundingUp: true
        )
        let upper = DecimalText.inward(
            conversion.fromCanonical(metric.plausibleRange.upperBound), decimals: decimals, roundingUp: false
        )
        let low = DecimalText.trimmed(lower, decimals: decimals)
        let high = DecimalText.trimmed(upper, decimals: decimals)
        let entered = DecimalText.trimmed(value, decimals: max(decimals, 2))
        let ja = UnitLabel.suffix(conversion.symbol, in: .ja)
        let en = UnitLabel.suffix(conversion.symbol, in: .en)
        return HealthError(
            code: "out_of_range",
            message: LocalizedText(
                ja: "無効なデータ: \(metric.name.ja)は\(low)〜\(high)\(ja)の範囲で入力してください（入力値: \(entered)\(ja)）",
                en: "Invalid data: \(metric.name.en) must be between \(low) and \(high)\(en) (entered: \(entered)\(en))."
            )
        )
    }

    /// A number that is not a number at all (NaN, infinity) or that overflows when converted.
    public static func invalidValue(_ value: Double, metric: Metric) -> HealthError {
        HealthError(
            code: "invalid_value",
            message: LocalizedText(
                ja: "無効なデータ: \(metric.name.ja)の値「\(value)」は数値として扱えません",
                en: "Invalid data: \"\(value)\" is not a usable number for \(metric.name.en)."
            )
        )
    }

    /// Text that should have been a number, for callers parsing forms, CSV cells or query strings.
    public static func invalidValue(_ text: String, metric: Metric? = nil) -> HealthError {
        let ja = metric.map { "\($0.name.ja)の値" } ?? "値"
        let en = metric.map { " for \($0.name.en)" } ?? ""
        return HealthError(
            code: "invalid_value",
            message: LocalizedText(
                ja: "無効なデータ: \(ja)「\(text)」は数値ではありません",
                en: "Invalid data: \"\(text)\" is not a number\(en)."
            )
        )
    }

    public static var invalidTimeRange: HealthError {
        HealthError(
            code: "invalid_time_range",
            message: LocalizedText(
                ja: "無効なデータ: 終了日時が開始日時より前になっています",
                en: "Invalid data: the end time is before the start time."
            )
        )
    }

    public static var futureTime: HealthError {
        HealthError(
            code: "future_time",
            message: LocalizedText(
                ja: "無効なデータ: 未来の日時は記録できません（許容は現在から1日以内）",
                en: "Invalid data: the time is in the future (at most one day ahead is accepted)."
            )
        )
    }
}

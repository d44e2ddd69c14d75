import Health

/// What a refused parameter accepts, in words the sender can act on: "a date as YYYY-MM-DD", "a whole number from
/// 1 to 1000", "one of json, csv". One vocabulary, so every endpoint describes the same kind of value the same way.
public struct ExpectedValue: Sendable, Hashable {
    /// The rule as a clause that follows "name: " (`from: expected a date as YYYY-MM-DD`), without a full stop.
    public let text: LocalizedText

    public init(ja: String, en: String) {
        text = LocalizedText(ja: ja, en: en)
    }

    public static let date = ExpectedValue(ja: "日付は YYYY-MM-DD で指定してください", en: "expected a date as YYYY-MM-DD")

    public static let timeOfDay = ExpectedValue(
        ja: "時刻は HH:MM（00:00〜23:59）で指定してください", en: "expected a time of day as HH:MM (00:00–23:59)"
    )

    public static let uuid = ExpectedValue(
        ja: "UUID（例: 550e8400-e29b-41d4-a716-446655440000）で指定してください",
        en: "expected a UUID such as 550e8400-e29b-41d4-a716-446655440000"
    )

    public static let metricName = ExpectedValue(
        ja: "記録項目の ID（bodyMass、stepCount など。一覧は /api/v1/metrics）を指定してください",
        en: "expected a metric id such as bodyMass or stepCount (listed by /api/v1/metrics)"
    )

    /// A page's `nextCursor`, which only the previous answer can give.
    public static let cursor = ExpectedValue(
        ja: "前のページの応答にある nextCursor をそのまま指定してください", en: "expected the nextCursor of the previous page, unchanged"
    )

    public static let positiveNumber = ExpectedValue(ja: "0 より大きい数値で指定してください", en: "expected a number above 0")

    public static func integer(_ range: ClosedRange<Int>) -> ExpectedValue {
        ExpectedValue(
            ja: "\(range.lowerBound)〜\(range.upperBound) の整数で指定してください",
            en: "expected a whole number from \(range.lowerBound) to \(range.upperBound)"
        )
    }

    public static func integer(atLeast minimum: Int) -> ExpectedValue {
        ExpectedValue(ja: "\(minimum) 以上の整数で指定してください", en: "expected a whole number of at least \(minimum)")
    }

    public static func number(_ range: ClosedRange<Double>) -> ExpectedValue {
        let low = plain(range.lowerBound), high = plain(range.upperBound)
        return ExpectedValue(ja: "\(low)〜\(high) の数値で指定してください", en: "expected a number from \(low) to \(high)")
    }

    /// A list of `range` items.
    public static func items(_ range: ClosedRange<Int>) -> ExpectedValue {
        ExpectedValue(
            ja: "\(range.lowerBound)〜\(range.upperBound) 件の配列で指定してください",
            en: "expected a list of \(range.lowerBound) to \(range.upperBound) items"
        )
    }

    /// Text of `range` characters.
    public static func text(characters range: ClosedRange<Int>) -> ExpectedValue {
        ExpectedValue(
            ja: "\(range.lowerBound)〜\(range.upperBound) 文字で指定してください", en: "expected \(range.lowerBound) to \(range.upperBound) characters"
        )
    }

    public static func oneOf(_ values: [String]) -> ExpectedValue {
        ExpectedValue(ja: "\(values.joined(separator: "、")) のいずれかを指定してください", en: "expected one of: \(values.joined(separator: ", "))")
    }

    /// Every raw value of an enumeration, in its declared order.
    public static func oneOf<Value: RawRepresentable & CaseIterable>(_ type: Value.Type) -> ExpectedValue where Value.RawValue == String {
        oneOf(type.allCases.map(\.rawValue))
    }

    /// `1` rather than `1.0`; `0.25` as it is.
    private static func plain(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

import Health

/// Refusals every system shares: what was asked for does not exist (or belongs to someone else, which must read
/// the same), or a parameter is not one the operation accepts. A refused parameter is always named, and where the
/// refusal can say what would be accepted it does, so the sender can fix the request without reading the docs.
public enum ServiceError: DomainError, Equatable {
    case notFound
    /// `expected` says what the parameter accepts; without it the message can only say the value is wrong.
    case invalidParameter(String, expected: ExpectedValue? = nil)
    /// A day that is not `YYYY-MM-DD` on the calendar: `invalid_date`, the code every date field refuses with.
    case invalidDate(String, text: String)
    /// A range whose start parameter comes after its end parameter (`from` after `to`): refused, never swapped or
    /// answered as empty, so a mistake in a request is seen rather than silently reinterpreted.
    case reversedRange(start: String, end: String)
    /// A range longer than the operation reads at once.
    case rangeTooLong(start: String, end: String, maximumDays: Int)

    public var code: String {
        switch self {
        case .notFound: "not_found"
        case .invalidParameter: "invalid_parameter"
        case .invalidDate: "invalid_date"
        // The code a record whose end precedes its start already has: the same mistake gets the same code.
        case .reversedRange: "invalid_time_range"
        // The code the trends API gave a too-long range first; summaries now answer it too.
        case .rangeTooLong: "invalid_period"
        }
    }

    public var httpStatus: Int {
        switch self {
        case .notFound: 404
        case .invalidParameter, .invalidDate, .reversedRange, .rangeTooLong: 400
        }
    }

    public var message: LocalizedText {
        switch self {
        case .notFound:
            LocalizedText(ja: "見つかりません。", en: "Not found.")
        case .invalidParameter(let name, nil):
            LocalizedText(ja: "パラメータ「\(name)」が正しくありません。", en: "The parameter “\(name)” is invalid.")
        case .invalidParameter(let name, let expected?):
            LocalizedText(ja: "\(name): \(expected.text.ja)。", en: "\(name): \(expected.text.en).")
        case .invalidDate(let name, let text):
            LocalizedText(
                ja: "\(name): 「\(Self.shortened(text))」は日付として読み取れません。\(ExpectedValue.date.text.ja)。",
                en: "\(name): “\(Self.shortened(text))” is not a date; \(ExpectedValue.date.text.en)."
            )
        case .reversedRange(let start, let end):
            LocalizedText(
                ja: "期間が逆です: \(start) は \(end) と同じかそれより前にしてください。",
                en: "The range is reversed: \(start) must not be later than \(end)."
            )
        case .rangeTooLong(let start, let end, let maximumDays):
            LocalizedText(
                ja: "期間が長すぎます: \(start)〜\(end) は最長 \(maximumDays) 日にしてください。",
                en: "The range is too long: \(start)–\(end) may span at most \(maximumDays) days."
            )
        }
    }

    /// A value echoed in a message, cut short when very long (as `DateInputError` does).
    private static func shortened(_ text: String) -> String {
        text.count > 40 ? String(text.prefix(40)) + "…" : text
    }
}

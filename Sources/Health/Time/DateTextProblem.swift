/// What is wrong with a date or time someone wrote, in words they can act on.
public enum DateTextProblem: Error, Sendable, Hashable {
    /// Not in any accepted shape at all.
    case malformed
    /// A date and time without `Z` or an offset, where one is needed to know the instant.
    case missingOffset
    /// An offset where a wall-clock time was expected.
    case unexpectedOffset
    case year(Int)
    case month(Int)
    case day(Int, month: Int, year: Int)
    case hour(Int)
    case minute(Int)
    case second(Int)
    case offset

    /// Why, in a phrase that completes "… is not a valid date and time (…)".
    public var reason: LocalizedText {
        switch self {
        case .malformed:
            LocalizedText(ja: "形式は 2026-05-01T07:30:00Z や 2026-05-01T07:30:00.250+09:00 です", en: "expected a form like 2026-05-01T07:30:00Z or 2026-05-01T07:30:00.250+09:00")
        case .missingOffset:
            LocalizedText(ja: "Z か +09:00 のような時差が必要です", en: "it needs Z or an offset such as +09:00")
        case .unexpectedOffset:
            LocalizedText(ja: "時差を付けずに現地の日時を書いてください", en: "write the local time without an offset")
        case .year(let year):
            LocalizedText(ja: "年 \(year) は 0000〜9999 の範囲外です", en: "year \(year) is outside 0000–9999")
        case .month(let month):
            LocalizedText(ja: "\(month) 月はありません", en: "there is no month \(month)")
        case let .day(day, month, year):
            LocalizedText(
                ja: "\(year)年\(month)月は\(LocalDay.length(ofMonth: month, year: year))日までで、\(day)日はありません",
                en: "\(Self.monthNames[month - 1]) \(year) has \(LocalDay.length(ofMonth: month, year: year)) days, not \(day)"
            )
        case .hour(let hour):
            LocalizedText(ja: "時は 00〜23 です（\(hour) はありません）", en: "hours run 00–23, not \(hour)")
        case .minute(let minute):
            LocalizedText(ja: "分は 00〜59 です（\(minute) はありません）", en: "minutes run 00–59, not \(minute)")
        case .second(let second):
            LocalizedText(ja: "秒は 00〜59 です（\(second) はありません）", en: "seconds run 00–59, not \(second)")
        case .offset:
            LocalizedText(ja: "時差は -23:59〜+23:59 です", en: "an offset runs from -23:59 to +23:59")
        }
    }

    private static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December",
    ]
}

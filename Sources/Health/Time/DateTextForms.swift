/// Which spellings of a date and time a caller accepts beyond the RFC 3339 core
/// (`2026-05-01T07:30:00Z`, `2026-05-01T07:30:00.123+09:00`, `2026-05-01 07:30:00+0900`).
public struct DateTextForms: OptionSet, Sendable, Hashable {
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// A space between the time and its offset, as Apple Health and Health Auto Export write:
    /// `2024-03-01 07:42:10 +0900`.
    public static let spaceBeforeOffset = DateTextForms(rawValue: 1 << 0)
    /// The digits-only shape of 2015-era Apple Health exports: `20151107171924+0100`.
    public static let compact = DateTextForms(rawValue: 1 << 1)
    /// Hours and minutes without seconds (`2026-05-01T07:30`), as `<input type="datetime-local">` and
    /// workout apps' CSV files write wall-clock times.
    public static let optionalSeconds = DateTextForms(rawValue: 1 << 2)

    /// What the JSON APIs, the CLI and the client library accept: RFC 3339 (with `T`, `t` or a space
    /// between date and time), fractional seconds of 1 to 9 digits, `Z` or any offset with or without its colon.
    public static let standard: DateTextForms = []
    /// What health export files contain, on top of the standard forms.
    public static let exportFiles: DateTextForms = [.spaceBeforeOffset, .compact]
}

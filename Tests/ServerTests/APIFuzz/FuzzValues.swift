/// The awkward values the fuzzer puts where valid ones were: what a buggy client, a hostile one or a wrong locale sends.
enum FuzzValues {
    static let strings: [String] = [
        "", " ", "\u{0}", "a\u{0}b", "\u{1}\u{1F}", "\u{7F}", "\t\n\r", "\u{202E}gnp.exe", "𝕂𝕚𝕣𝕠𝕜𝕦", "👩‍👩‍👧‍👦", "e\u{301}", "\u{FEFF}bom",
        "\u{FFFD}", "\u{10FFFF}", "NaN", "Infinity", "-Infinity", "nan", "1e309", "-0", "0x1F", "null", "true", "[]", "{}",
        "<script>alert(1)</script>", "'; DROP TABLE users; --", "../../../../etc/passwd", "%00", "%s%n%x", "\\", "\"",
        "ｗｅｉｇｈｔ", "ＫＧ", "体重", "kg\u{0}", String(repeating: "A", count: 10_000), String(repeating: "漢", count: 3_000),
    ]

    /// Number literals, most valid JSON (huge, tiny, negative zero, past Int64), a few not (NaN, leading zeros).
    static let numbers: [String] = [
        "0", "-0", "-1", "1", "0.5", "-0.0", "1e308", "1e309", "-1e309", "1e-400", "4.9e-324", "2.2250738585072014e-308",
        "9007199254740993", "2147483648", "-2147483649", "9223372036854775807", "9223372036854775808", "-9223372036854775809",
        "18446744073709551616", "123456789012345678901234567890", "1.7976931348623157e308", "1E+2", "0.1e1", "100.0000000000000001",
        "1" + String(repeating: "0", count: 400),
    ]
    static let invalidNumbers = ["NaN", "Infinity", "-Infinity", "01", "+1", ".5", "1.", "0x10", "1e", "--1", "١٢٣"]

    /// Instants and days a calendar does not have, or that a field should not accept.
    static let dates: [String] = [
        "0000-01-01T00:00:00Z", "0001-01-01T00:00:00Z", "-0001-01-01T00:00:00Z", "10000-01-01T00:00:00Z", "275760-09-13T00:00:00Z",
        "9999-12-31T23:59:59.999Z", "2026-02-30T00:00:00Z", "2026-02-29T12:00:00Z", "2024-02-29T12:00:00Z", "2026-13-01T00:00:00Z",
        "2026-00-10T00:00:00Z", "2026-11-31T00:00:00Z", "2026-11-20T24:00:00Z", "2026-11-20T23:60:00Z", "2026-11-20T23:59:60Z",
        "2026-11-20T12:00:00+25:00", "2026-11-20T12:00:00-14:01", "2026-11-20T12:00:00.999Z", "2026-11-20T12:00:00.9999999999Z",
        "2026-11-20", "2026-11-20 12:00:00 +0900", "20261120T120000Z", "1899-12-31T23:59:59Z", "1900-01-01T00:00:00Z",
        "1970-01-01T00:00:00Z", "1969-12-31T23:59:59.999Z", "2038-01-19T03:14:08Z", "2100-01-01T00:00:00Z", "now", "",
        "2026-11-20T12:00:00", "2026-W47-5", "0000-00-00", "10000-01-01", "2026-02-30", "0000-01-01", "2026-1-1", "-2026-11-20",
        "0000-01-01 00:00:00 +0900", "2026-02-30 00:00:00 +0900", "10000-01-01 00:00:00 +0000", "20151107171924+0100",
    ]
    static let times = ["24:00", "23:60", "-1:00", "9:5", "", "noon", "11:00:00", "25:99", "00:00", "23:59"]

    /// Path segments where an id, a store or a day goes.
    static let pathSegments: [String] = [
        "0", "-1", "999999999", "2147483648", "9223372036854775807", "9223372036854775808", "1.5", "1e3", "abc", "%00", "%20",
        "..%2F..%2Fetc%2Fpasswd", "%2e%2e", "１", "%F0%9F%98%80", "null", "00000000-0000-0000-0000-000000000000",
        "6B1D0000-0000-4000-8000-000000000001", "0000-01-01", "10000-01-01", "2026-02-30", String(repeating: "9", count: 500),
    ]

    /// Query values: bad numbers, bad dates, encodings that do not decode.
    static let queryValues: [String] = [
        "", "-1", "0", "abc", "1e400", "NaN", "9999999999999999999", "%00", "%ZZ", "%", "+", "%E3%81", "0000-01-01", "10000-01-01",
        "2026-02-30", "2026-11-20T12:00:00Z", "true", "%F0%9F%98%80", String(repeating: "x", count: 5_000),
    ]

    static let contentTypes: [String?] = [
        nil, "", "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/xml",
        "application/json; charset=latin1", "APPLICATION/JSON", "application/json;charset=utf-8", "application/jsonx", "*/*",
    ]

    static let languages = ["ja", "en", "", "*", "zz", "en-US,en;q=0.9,ja;q=0.8", "ja;q=abc", String(repeating: "ja,", count: 1_000)]

    /// Authorization headers that are wrong in each way a client can get them wrong.
    static let authorizations = ["Bearer", "Bearer ", "Bearer krk_nope", "Basic !!!", "Basic Og==", "bearer  ", "Token abc", String(repeating: "B", count: 8_000)]

    /// Keys a JSON date may hide under.
    static let dateKeys: Set<String> = ["performedAt", "start", "end", "observedAt", "dueDate", "dateOfBirth", "startDate", "endDate", "timestamp", "createdAt", "date"]
    static let timeKeys: Set<String> = ["from", "until"]
}

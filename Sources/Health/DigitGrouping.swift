/// Thousands in groups of three ("12,345.6"), as Japanese and English both write numbers for reading. One rule for
/// every domain that prints totals; form fields and files keep the plain text, which is read back as typed.
public enum DigitGrouping {
    /// `number` ("-12345.6", as `String(format:)` writes it) with its whole part grouped; other text unchanged.
    public static func apply(_ number: String) -> String {
        let sign = number.hasPrefix("-") ? "-" : ""
        let unsigned = number.dropFirst(sign.count)
        let whole = Array(unsigned.prefix { $0 != "." })
        guard whole.count > 3, whole.allSatisfy(\.isASCII), whole.allSatisfy(\.isNumber) else { return number }
        var grouped = sign
        for (index, digit) in whole.enumerated() {
            if index > 0, (whole.count - index) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return grouped + unsigned.dropFirst(whole.count)
    }
}

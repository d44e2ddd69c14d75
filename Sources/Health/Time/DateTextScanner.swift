/// Reads the bytes of a written date and time: the one parser behind `Instant.parse` and `WallClockTime.parse`.
///
/// Hand-written over UTF-8 bytes, without allocating: it runs for every date of an Apple Health export
/// (millions), where Foundation's formatters cost more than the rest of the import and also roll
/// impossible dates over (2026-02-30 became 2026-03-02).
struct DateTextScanner {
    /// Longer text is never a date and time; refusing it early keeps the cost of garbage bounded.
    static let maximumLength = 64

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The fields of `text` and, when one was written, the offset in seconds east of UTC. Reads the string's own
    /// UTF-8 storage when it has one (every native string does), without copying.
    static func scan(_ text: some StringProtocol, forms: DateTextForms) throws(DateTextProblem) -> (fields: DateTimeFields, offsetSeconds: Int?) {
        let scanned = text.utf8.withContiguousStorageIfAvailable { bytes in
            Result { () throws(DateTextProblem) in try scan(bytes, forms: forms) }
        } ?? Array(text.utf8.prefix(maximumLength + 1)).withUnsafeBufferPointer { bytes in
            Result { () throws(DateTextProblem) in try scan(bytes, forms: forms) }
        }
        return try scanned.get()
    }

    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, forms: DateTextForms) throws(DateTextProblem) -> (fields: DateTimeFields, offsetSeconds: Int?) {
        guard bytes.count <= maximumLength else { throw .malformed }
        var scanner = DateTextScanner(bytes)
        return try scanner.scan(forms: forms)
    }

    private mutating func scan(forms: DateTextForms) throws(DateTextProblem) -> (fields: DateTimeFields, offsetSeconds: Int?) {
        let year, month, day, hour, minute, second: Int
        var nanosecond = 0
        var spaceSeparated = true
        if forms.contains(.compact), bytes.count > 14, let digits = number(14) {
            // YYYYMMDDhhmmss, always followed by an offset.
            year = digits / 10_000_000_000
            month = digits / 100_000_000 % 100
            day = digits / 1_000_000 % 100
            hour = digits / 10_000 % 100
            minute = digits / 100 % 100
            second = digits % 100
        } else {
            guard let y = number(4), take(UInt8(ascii: "-")), let mo = number(2), take(UInt8(ascii: "-")), let d = number(2),
                  let separator = next(), separator == UInt8(ascii: "T") || separator == UInt8(ascii: "t") || separator == UInt8(ascii: " "),
                  let h = number(2), take(UInt8(ascii: ":")), let mi = number(2)
            else { throw .malformed }
            spaceSeparated = separator == UInt8(ascii: " ")
            (year, month, day, hour, minute) = (y, mo, d, h, mi)
            if take(UInt8(ascii: ":")) {
                guard let s = number(2) else { throw .malformed }
                second = s
                if take(UInt8(ascii: ".")) { nanosecond = try fraction() }
            } else {
                guard forms.contains(.optionalSeconds) else { throw .malformed }
                second = 0
            }
        }
        let offset = try zone(allowingSpace: spaceSeparated && forms.contains(.spaceBeforeOffset))
        guard index == bytes.count else { throw .malformed }
        let fields = try DateTimeFields(year: year, month: month, day: day, hour: hour, minute: minute, second: second, nanosecond: nanosecond)
        return (fields, offset)
    }

    /// 1 to 9 digits after the decimal point, as nanoseconds.
    private mutating func fraction() throws(DateTextProblem) -> Int {
        var value = 0
        var count = 0
        while let digit = digit(at: index) {
            guard count < 9 else { throw .malformed }
            value = value * 10 + digit
            count += 1
            index += 1
        }
        guard count > 0 else { throw .malformed }
        for _ in count..<9 { value *= 10 }
        return value
    }

    /// `Z`, `z`, `+hh:mm`, `-hh:mm`, `+hhmm`, `-hhmm`, or nothing (nil) at the end of the text.
    private mutating func zone(allowingSpace: Bool) throws(DateTextProblem) -> Int? {
        guard index < bytes.count else { return nil }
        if allowingSpace, bytes[index] == UInt8(ascii: " ") { index += 1 }
        switch next() {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            return 0
        case let sign? where sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"):
            guard let hours = number(2) else { throw .malformed }
            _ = take(UInt8(ascii: ":"))
            guard let minutes = number(2) else { throw .malformed }
            guard hours <= 23, minutes <= 59 else { throw .offset }
            let seconds = hours * 3600 + minutes * 60
            return sign == UInt8(ascii: "-") ? -seconds : seconds
        default:
            throw .malformed
        }
    }

    private mutating func next() -> UInt8? {
        guard index < bytes.count else { return nil }
        defer { index += 1 }
        return bytes[index]
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// Exactly `count` ASCII digits as a number, consumed; nil (nothing consumed) otherwise.
    private mutating func number(_ count: Int) -> Int? {
        guard bytes.count - index >= count else { return nil }
        var value = 0
        for offset in 0..<count {
            guard let digit = digit(at: index + offset) else { return nil }
            value = value * 10 + digit
        }
        index += count
        return value
    }

    private func digit(at position: Int) -> Int? {
        guard position < bytes.count else { return nil }
        let value = bytes[position] &- UInt8(ascii: "0")
        return value < 10 ? Int(value) : nil
    }
}

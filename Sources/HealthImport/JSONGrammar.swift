/// The byte-level grammar of JSON (RFC 8259) for Kiroku's two JSON readers: Health Auto Export's streaming
/// `JSONStreamScanner` and the gateway's pull cursor over one request body. Both must agree on what a string, a
/// number and a literal are, so the rules live here once.
///
/// Everything is `@inlinable` and generic over the reader's own bytes: the gateway's cursor lives in another module
/// and reads every field of every batch through these loops, which must compile into it as if written there.
public enum JSONGrammar {
    /// Space, line feed, carriage return, tab: nothing else separates tokens.
    @inlinable
    public static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    @inlinable
    public static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// Whether `word` (plain ASCII) stands in `bytes` from `index`.
    @inlinable
    public static func hasLiteral<Bytes: RandomAccessCollection<UInt8>>(_ word: StaticString, in bytes: Bytes, at index: Int) -> Bool
    where Bytes.Index == Int {
        let count = word.utf8CodeUnitCount
        guard index >= bytes.startIndex, index + count <= bytes.endIndex else { return false }
        return bytes[index..<(index + count)].elementsEqual(UnsafeBufferPointer(start: word.utf8Start, count: count))
    }

    /// Where the number that starts at `start` ends: after the longest run that follows
    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`. Nil when the run breaks the grammar (a sign, point or
    /// exponent without digits); what follows the run (`01`'s `1`) is for the caller to judge.
    @inlinable
    public static func numberEnd<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, from start: Int) -> Int? where Bytes.Index == Int {
        var index = start
        let end = bytes.endIndex
        if index < end, bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < end else { return nil }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            guard let after = digitsEnd(bytes, from: index) else { return nil }
            index = after
        }
        if index < end, bytes[index] == UInt8(ascii: ".") {
            guard let after = digitsEnd(bytes, from: index + 1) else { return nil }
            index = after
        }
        if index < end, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < end, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard let after = digitsEnd(bytes, from: index) else { return nil }
            index = after
        }
        return index
    }

    /// Where the run of digits from `start` ends; nil when there is none.
    @inlinable
    static func digitsEnd<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, from start: Int) -> Int? where Bytes.Index == Int {
        var index = start
        while index < bytes.endIndex, isDigit(bytes[index]) { index += 1 }
        return index > start ? index : nil
    }

    /// The value of number text `numberEnd` accepted; ±infinity when it is beyond Double (`1e400`).
    @inlinable
    public static func numberValue<Bytes: RandomAccessCollection<UInt8>>(_ text: Bytes) -> Double? {
        Double(String(decoding: text, as: UTF8.self))
    }

    /// How the body of a string starting after its opening quote ends.
    public enum StringEnd: Equatable {
        /// At the closing quote at `quote`; `escaped` when the body holds a backslash escape.
        case closed(quote: Int, escaped: Bool)
        /// At a control character (below U+0020), which JSON allows only escaped.
        case controlCharacter(at: Int)
        /// The bytes ran out; `reached` is where the scan stopped (one past the end after a trailing backslash).
        case unterminated(reached: Int)

        /// Where the scan stopped, however it ended.
        @inlinable
        public var stop: Int {
            switch self {
            case .closed(let quote, _): quote
            case .controlCharacter(let at): at
            case .unterminated(let reached): reached
            }
        }
    }

    /// Scans the body of the string whose opening quote is just before `start`.
    @inlinable
    public static func stringEnd<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, from start: Int) -> StringEnd where Bytes.Index == Int {
        var index = start
        var escaped = false
        while index < bytes.endIndex {
            switch bytes[index] {
            case UInt8(ascii: "\""): return .closed(quote: index, escaped: escaped)
            case UInt8(ascii: "\\"):
                escaped = true
                index += 2
            case 0..<0x20: return .controlCharacter(at: index)
            default: index += 1
            }
        }
        return .unterminated(reached: index)
    }

    /// What `\uD83D` without its low half becomes.
    public enum LoneSurrogates {
        /// U+FFFD, as a lenient reader of files does.
        case replace
        /// A fault, as JSONDecoder has it.
        case refuse
    }

    /// Why a string's escapes cannot be read; `at` is the offset of the escape's backslash in the body.
    public enum EscapeFault: Error, Equatable {
        /// `\u` without four hex digits.
        case badUnicodeEscape(at: Int)
        /// A backslash before anything but `"\/bfnrtu`.
        case unknownEscape(at: Int, UInt8)
        /// Half a surrogate pair, with `LoneSurrogates.refuse`.
        case loneSurrogate(at: Int)
    }

    /// The UTF-8 bytes a string body with escapes stands for (`stringEnd` found it closed). The body's own bytes are
    /// copied as they are: whether they are valid UTF-8 is the caller's to judge.
    @inlinable
    public static func unescape<Bytes: RandomAccessCollection<UInt8>>(
        _ body: Bytes, loneSurrogates: LoneSurrogates
    ) throws(EscapeFault) -> [UInt8] where Bytes.Index == Int {
        var out: [UInt8] = []
        out.reserveCapacity(body.count)
        var index = body.startIndex
        while index < body.endIndex {
            let byte = body[index]
            guard byte == UInt8(ascii: "\\") else {
                out.append(byte)
                index += 1
                continue
            }
            let backslash = index - body.startIndex
            let escape = body[index + 1]
            index += 2
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escape)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                guard var scalar = hex4(body, at: index) else { throw .badUnicodeEscape(at: backslash) }
                index += 4
                // A surrogate pair spells one scalar beyond the Basic Multilingual Plane.
                if (0xD800..<0xDC00).contains(scalar), index + 1 < body.endIndex, body[index] == UInt8(ascii: "\\"),
                   body[index + 1] == UInt8(ascii: "u"), let low = hex4(body, at: index + 2), (0xDC00..<0xE000).contains(low) {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    index += 6
                }
                guard let character = Unicode.Scalar(scalar) else {
                    if loneSurrogates == .refuse { throw .loneSurrogate(at: backslash) }
                    out.append(contentsOf: [0xEF, 0xBF, 0xBD])
                    continue
                }
                out.append(contentsOf: character.utf8)
            default:
                throw .unknownEscape(at: backslash, escape)
            }
        }
        return out
    }

    @inlinable
    static func hex4<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, at index: Int) -> UInt32? where Bytes.Index == Int {
        guard index + 4 <= bytes.endIndex else { return nil }
        var value: UInt32 = 0
        for byte in bytes[index..<(index + 4)] {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = value << 4 | UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): value = value << 4 | UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): value = value << 4 | UInt32(byte - UInt8(ascii: "A") + 10)
            default: return nil
            }
        }
        return value
    }
}

import HealthImport

/// A cursor over JSON text for readers of one known shape: they ask for the kind of value they expect and skip the
/// rest, so nothing is boxed per field and member names are compared as bytes. Strict RFC 8259 (no comments,
/// trailing commas, NaN or leading zeros); a syntax error anywhere is `JSONSyntaxError`. The grammar of strings,
/// numbers and literals is `JSONGrammar`'s, the one Health Auto Export's streaming scanner reads by.
struct JSONByteReader {
    let bytes: UnsafeRawBufferPointer
    private(set) var index = 0
    /// Deeper than this is refused, as JSONDecoder refuses it, so a hostile body cannot exhaust the stack.
    static let maxDepth = 512

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// The first byte of the next value (whitespace skipped), nil at the end.
    mutating func peek() -> UInt8? {
        while index < bytes.count {
            guard JSONGrammar.isWhitespace(bytes[index]) else { return bytes[index] }
            index += 1
        }
        return nil
    }

    mutating func expect(_ byte: UInt8) throws(JSONSyntaxError) {
        guard peek() == byte else { throw JSONSyntaxError() }
        index += 1
    }

    /// Only whitespace is left.
    mutating func expectEnd() throws(JSONSyntaxError) {
        guard peek() == nil else { throw JSONSyntaxError() }
    }

    /// Calls `member` with each name of the object that starts here; `member` must read or skip the value.
    mutating func object(_ member: (inout JSONByteReader, MemberName) throws(JSONSyntaxError) -> Void) throws(JSONSyntaxError) {
        try expect(UInt8(ascii: "{"))
        if peek() == UInt8(ascii: "}") { index += 1; return }
        repeat {
            guard peek() == UInt8(ascii: "\"") else { throw JSONSyntaxError() }
            let name = try stringBytes()
            try expect(UInt8(ascii: ":"))
            try member(&self, name)
        } while try separator(closing: UInt8(ascii: "}"))
    }

    /// Calls `element` once per element of the array that starts here; `element` must read or skip it.
    mutating func array(_ element: (inout JSONByteReader, Int) throws(JSONSyntaxError) -> Void) throws(JSONSyntaxError) {
        try expect(UInt8(ascii: "["))
        if peek() == UInt8(ascii: "]") { index += 1; return }
        var position = 0
        repeat {
            try element(&self, position)
            position += 1
        } while try separator(closing: UInt8(ascii: "]"))
    }

    /// After a member or element: true at a comma, false at the closing bracket.
    private mutating func separator(closing: UInt8) throws(JSONSyntaxError) -> Bool {
        switch peek() {
        case UInt8(ascii: ","): index += 1; return true
        case closing: index += 1; return false
        default: throw JSONSyntaxError()
        }
    }

    /// A member name as it stands in the text, decoded only when it holds escapes.
    struct MemberName {
        let raw: UnsafeRawBufferPointer
        let escaped: Bool

        /// Whether the name is `text`; `text` is plain ASCII without escapes.
        func matches(_ text: StaticString) -> Bool {
            if escaped { return JSONByteReader.decodeString(raw) == text.description }
            return raw.elementsEqual(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        }

        var text: String { (escaped ? JSONByteReader.decodeString(raw) : nil) ?? String(decoding: raw, as: UTF8.self) }
    }

    /// The string value here, or nil when the value here is null. Any other value is left unread.
    mutating func string() throws(JSONSyntaxError) -> String {
        let raw = try stringBytes()
        if raw.escaped {
            guard let text = Self.decodeString(raw.raw) else { throw JSONSyntaxError() }
            return text
        }
        guard let text = UTF8Text.string(raw.raw) else { throw JSONSyntaxError() }
        return text
    }

    /// Reads `null` when it is next; answers whether it was.
    mutating func null() throws(JSONSyntaxError) -> Bool {
        guard peek() == UInt8(ascii: "n") else { return false }
        try literal("null")
        return true
    }

    /// Reads `true` or `false` when one is next; nil (nothing read) otherwise.
    mutating func bool() throws(JSONSyntaxError) -> Bool? {
        switch peek() {
        case UInt8(ascii: "t"): try literal("true"); return true
        case UInt8(ascii: "f"): try literal("false"); return false
        default: return nil
        }
    }

    /// Reads a number when one is next; nil (nothing read) otherwise.
    mutating func number() throws(JSONSyntaxError) -> Double? {
        guard let first = peek(), first == UInt8(ascii: "-") || JSONGrammar.isDigit(first) else { return nil }
        guard let end = JSONGrammar.numberEnd(bytes, from: index),
              let value = JSONGrammar.numberValue(UnsafeRawBufferPointer(rebasing: bytes[index..<end]))
        else { throw JSONSyntaxError() }
        index = end
        return value
    }

    private mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        guard JSONGrammar.hasLiteral(word, in: bytes, at: index) else { throw JSONSyntaxError() }
        index += word.utf8CodeUnitCount
    }

    /// Skips whatever value is next, checking its syntax.
    mutating func skipValue(depth: Int = 0) throws(JSONSyntaxError) {
        guard depth < Self.maxDepth else { throw JSONSyntaxError() }
        switch peek() {
        case UInt8(ascii: "{"): try object { (reader: inout JSONByteReader, _) throws(JSONSyntaxError) in try reader.skipValue(depth: depth + 1) }
        case UInt8(ascii: "["): try array { (reader: inout JSONByteReader, _) throws(JSONSyntaxError) in try reader.skipValue(depth: depth + 1) }
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "t"), UInt8(ascii: "f"): _ = try bool()
        case UInt8(ascii: "n"): _ = try null()
        default: guard try number() != nil else { throw JSONSyntaxError() }
        }
    }

    /// The bytes between the quotes of the string starting here, and whether they hold escapes.
    private mutating func stringBytes() throws(JSONSyntaxError) -> MemberName {
        try expect(UInt8(ascii: "\""))
        guard case .closed(let quote, let escaped) = JSONGrammar.stringEnd(bytes, from: index) else { throw JSONSyntaxError() }
        let raw = UnsafeRawBufferPointer(rebasing: bytes[index..<quote])
        index = quote + 1
        return MemberName(raw: raw, escaped: escaped)
    }

    /// The text of string contents with escapes, with JSONDecoder's verdicts: a lone surrogate half or bytes that
    /// are not UTF-8 are refused (nil).
    static func decodeString(_ raw: UnsafeRawBufferPointer) -> String? {
        guard let unescaped = try? JSONGrammar.unescape(raw, loneSurrogates: .refuse) else { return nil }
        return unescaped.withUnsafeBytes(UTF8Text.string)
    }
}

/// The text is not JSON.
struct JSONSyntaxError: Error {}

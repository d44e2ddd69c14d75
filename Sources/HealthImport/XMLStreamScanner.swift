import Foundation
import Health

/// A push-style XML scanner for documents shaped like Apple Health exports: elements and attributes only.
///
/// Bytes arrive in chunks of any size (`feed`); complete tags are reported as they are found and only the
/// unfinished tail is kept, so memory does not grow with the file. The DOCTYPE block, including an inline DTD
/// with `<!ATTLIST … #REQUIRED>` declarations, comments, processing instructions and CDATA are skipped, not
/// interpreted: Foundation's XMLParser crashes on that DTD on Linux, and nothing in it is needed.
/// Text between tags is ignored (the export keeps all data in attributes).
public struct XMLStreamScanner {
    private var pending: [UInt8] = []
    /// Absolute offset of `pending[0]` in the document.
    private var base = 0
    /// Newlines before `base`.
    private var linesBeforeBase = 0
    private var openElements: [String] = []
    private var sawRoot = false
    private var recurring = RecurringAttributeValues()
    /// The attributes of the tag being read; kept between tags so its storage is reused, not grown again for each tag.
    private var attributes: [XMLAttribute] = []

    public init() {}

    /// Bytes consumed so far (complete tags and the text between them).
    public var bytesConsumed: Int { base }

    /// Scans `chunk`, reporting every tag completed by it.
    public mutating func feed(_ chunk: UnsafeRawBufferPointer, _ handle: (XMLEvent) throws -> Void) throws {
        pending.append(contentsOf: chunk)
        let consumed = try pending.withUnsafeBufferPointer { bytes in try scan(bytes, handle) }
        if consumed > 0 {
            linesBeforeBase += Self.countNewlines(pending, upTo: consumed)
            pending.removeFirst(consumed)
            base += consumed
        }
        // No tag of a Health export comes near this; a file that never closes one must not fill memory.
        if pending.count > Self.longestTag {
            throw ImportError.malformedXML(reason: "a tag longer than 16 MiB", byteOffset: base, line: linesBeforeBase + 1)
        }
    }

    static let longestTag = 16 << 20

    /// Ends the document: anything left unfinished means the file was cut off or broken.
    public mutating func finish() throws {
        let rest = pending.firstIndex { !Self.isSpace($0) }
        if rest != nil || !openElements.isEmpty || !sawRoot {
            let end = base + pending.count
            throw ImportError.truncated(byteOffset: end, line: linesBeforeBase + Self.countNewlines(pending, upTo: pending.count) + 1)
        }
    }

    // MARK: - Scanning

    private mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>, _ handle: (XMLEvent) throws -> Void) throws -> Int {
        let count = bytes.count
        var index = 0
        while index < count {
            guard let open = Self.find(UInt8(ascii: "<"), in: bytes, from: index) else { return count }
            guard open + 1 < count else { return open }
            let next = bytes[open + 1]
            let end: Int?
            switch next {
            case UInt8(ascii: "?"):
                end = Self.find(sequence: [UInt8(ascii: "?"), UInt8(ascii: ">")], in: bytes, from: open + 2).map { $0 + 2 }
            case UInt8(ascii: "!"):
                // Enough bytes to tell a comment from CDATA from DOCTYPE, or wait for more.
                guard open + 9 <= count else { return open }
                end = try skipDeclaration(bytes, from: open)
            case UInt8(ascii: "/"):
                guard let close = Self.find(UInt8(ascii: ">"), in: bytes, from: open + 2) else { return open }
                try endTag(bytes, from: open + 2, to: close, at: open, handle)
                end = close + 1
            default:
                guard let close = try tagEnd(bytes, from: open + 1) else { return open }
                try startTag(bytes, from: open + 1, to: close, at: open, handle)
                end = close + 1
            }
            guard let end else { return open }
            index = end
        }
        return count
    }

    /// Comments, CDATA and DOCTYPE (with its bracketed internal subset); nil while incomplete.
    private func skipDeclaration(_ bytes: UnsafeBufferPointer<UInt8>, from open: Int) throws -> Int? {
        if Self.hasPrefix("<!--", bytes, at: open) {
            return Self.find(sequence: Array("-->".utf8), in: bytes, from: open + 4).map { $0 + 3 }
        }
        if Self.hasPrefix("<![CDATA[", bytes, at: open) {
            return Self.find(sequence: Array("]]>".utf8), in: bytes, from: open + 9).map { $0 + 3 }
        }
        // <!DOCTYPE … [ … ]>: quotes and comments inside the subset may hold '>' or ']'.
        var index = open + 2
        var depth = 0
        var quote: UInt8 = 0
        while index < bytes.count {
            let byte = bytes[index]
            if quote != 0 {
                if byte == quote { quote = 0 }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "<"), Self.hasPrefix("<!--", bytes, at: index) {
                guard let close = Self.find(sequence: Array("-->".utf8), in: bytes, from: index + 4) else { return nil }
                index = close + 2
            } else if byte == UInt8(ascii: "[") {
                depth += 1
            } else if byte == UInt8(ascii: "]") {
                depth -= 1
            } else if byte == UInt8(ascii: ">"), depth <= 0 {
                return index + 1
            }
            index += 1
        }
        return nil
    }

    /// The index of the '>' closing a start tag, skipping quoted values; nil while incomplete.
    ///
    /// '<' may not appear inside a tag, not even quoted: it means the tag (e.g. a missing quote) is broken. Between
    /// values the bytes are looked at one by one; a quoted value, most of a tag's bytes, is skipped with `memchr`.
    private func tagEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) throws -> Int? {
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "<") {
                throw malformed("this tag is not closed properly before the next '<'", bytes, at: start - 1)
            } else if byte == UInt8(ascii: ">") {
                return index
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                let closing = Self.find(byte, in: bytes, from: index + 1)
                if Self.find(UInt8(ascii: "<"), in: bytes, from: index + 1, to: closing) != nil {
                    throw malformed("this tag is not closed properly before the next '<'", bytes, at: start - 1)
                }
                guard let closing else { return nil }
                index = closing
            }
            index += 1
        }
        return nil
    }

    private mutating func startTag(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to close: Int, at open: Int,
        _ handle: (XMLEvent) throws -> Void
    ) throws {
        var stop = close
        let selfClosing = bytes[close - 1] == UInt8(ascii: "/")
        if selfClosing { stop -= 1 }
        var index = start
        while index < stop, Self.isNameByte(bytes[index]) { index += 1 }
        guard index > start else { throw malformed("a tag has no name", bytes, at: open) }
        let name = Self.string(bytes, start, index)
        if openElements.isEmpty {
            guard !sawRoot else { throw malformed("content after the end of the document", bytes, at: open) }
            sawRoot = true
        }
        attributes.removeAll(keepingCapacity: true)
        var position = 0
        while true {
            while index < stop, Self.isSpace(bytes[index]) { index += 1 }
            if index >= stop { break }
            let nameStart = index
            while index < stop, Self.isNameByte(bytes[index]) { index += 1 }
            let nameEnd = index
            while index < stop, Self.isSpace(bytes[index]) { index += 1 }
            guard nameEnd > nameStart, index < stop, bytes[index] == UInt8(ascii: "=") else {
                throw malformed("attribute without a value in <\(name)>", bytes, at: nameStart)
            }
            index += 1
            while index < stop, Self.isSpace(bytes[index]) { index += 1 }
            guard index < stop, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
                throw malformed("attribute value without quotes in <\(name)>", bytes, at: index)
            }
            let quote = bytes[index]
            let valueStart = index + 1
            guard let valueEnd = Self.find(quote, in: bytes, from: valueStart), valueEnd < stop + 1 else {
                throw malformed("unterminated attribute value in <\(name)>", bytes, at: index)
            }
            let (known, attributeName) = recurring.name(bytes, nameStart, nameEnd, position: position)
            let value: String
            if let known {
                if let recurred = recurring.value(named: known, bytes, valueStart, valueEnd) {
                    value = recurred
                } else {
                    value = try decodeValue(bytes, valueStart, valueEnd)
                    recurring.remember(value, named: known, bytes, valueStart, valueEnd)
                }
            } else {
                value = try decodeValue(bytes, valueStart, valueEnd)
            }
            attributes.append(XMLAttribute(name: attributeName, value: value))
            position += 1
            index = valueEnd + 1
        }
        if !selfClosing { openElements.append(name) }
        try handle(.start(name: name, attributes: attributes, selfClosing: selfClosing))
    }

    private mutating func endTag(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to close: Int, at open: Int,
        _ handle: (XMLEvent) throws -> Void
    ) throws {
        var nameEnd = close
        while nameEnd > start, Self.isSpace(bytes[nameEnd - 1]) { nameEnd -= 1 }
        let name = Self.string(bytes, start, nameEnd)
        guard let expected = openElements.last else {
            throw malformed("</\(name)> closes nothing", bytes, at: open)
        }
        guard expected == name else {
            throw malformed("</\(name)> where </\(expected)> was expected", bytes, at: open)
        }
        openElements.removeLast()
        try handle(.end(name: name))
    }

    // MARK: - Values

    private func decodeValue(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) throws -> String {
        guard Self.find(UInt8(ascii: "&"), in: bytes, from: start, to: end) != nil else {
            return Self.string(bytes, start, end)
        }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(end - start)
        var index = start
        while index < end {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "&") else {
                decoded.append(byte)
                index += 1
                continue
            }
            guard let semicolon = Self.find(UInt8(ascii: ";"), in: bytes, from: index + 1, to: min(end, index + 12)) else {
                throw malformed("'&' that starts no entity", bytes, at: index)
            }
            let entity = Self.string(bytes, index + 1, semicolon)
            guard let scalar = Self.entityScalar(entity) else {
                throw malformed("unknown entity &\(entity);", bytes, at: index)
            }
            if scalar.isASCII {
                decoded.append(UInt8(scalar.value))
            } else {
                decoded.append(contentsOf: Array(String(Character(scalar)).utf8))
            }
            index = semicolon + 1
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    private static func entityScalar(_ entity: String) -> Unicode.Scalar? {
        switch entity {
        case "lt": return "<"
        case "gt": return ">"
        case "amp": return "&"
        case "quot": return "\""
        case "apos": return "'"
        default:
            guard entity.hasPrefix("#") else { return nil }
            let digits = entity.dropFirst()
            let number = digits.hasPrefix("x") || digits.hasPrefix("X")
                ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            return number.flatMap(Unicode.Scalar.init)
        }
    }

    // MARK: - Errors

    private func malformed(_ reason: String, _ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> ImportError {
        var lines = linesBeforeBase
        for position in 0..<min(index, bytes.count) where bytes[position] == UInt8(ascii: "\n") { lines += 1 }
        return .malformedXML(reason: reason, byteOffset: base + index, line: lines + 1)
    }

    // MARK: - Byte helpers

    private static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    private static func find(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int? = nil) -> Int? {
        let stop = end ?? bytes.count
        guard start < stop, let base = bytes.baseAddress else { return nil }
        guard let found = memchr(base + start, Int32(byte), stop - start) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    private static func find(sequence: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var index = start
        while let candidate = find(sequence[0], in: bytes, from: index) {
            guard candidate + sequence.count <= bytes.count else { return nil }
            if (1..<sequence.count).allSatisfy({ bytes[candidate + $0] == sequence[$0] }) { return candidate }
            index = candidate + 1
        }
        return nil
    }

    private static func hasPrefix(_ prefix: StaticString, _ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        let pointer = prefix.utf8Start
        for offset in 0..<count where bytes[index + offset] != pointer[offset] { return false }
        return true
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        !(isSpace(byte) || byte == UInt8(ascii: "=") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">")
            || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'"))
    }

    private static func countNewlines(_ bytes: [UInt8], upTo end: Int) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            var count = 0
            var index = 0
            while let found = find(UInt8(ascii: "\n"), in: buffer, from: index, to: end) {
                count += 1
                index = found + 1
            }
            return count
        }
    }
}

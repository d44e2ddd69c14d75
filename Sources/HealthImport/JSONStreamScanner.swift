import Foundation
import Health

/// One step through a JSON document, in document order.
public enum JSONEvent: Equatable, Sendable {
    case objectStart
    case objectEnd
    case arrayStart
    case arrayEnd
    /// An object member's name; its value follows.
    case key(String)
    case string(String)
    case number(Double)
    case bool(Bool)
    case null
}

/// Why a JSON document was refused, and where.
public struct JSONStreamError: Error, Equatable, Sendable {
    public let reason: LocalizedText
    /// Bytes of the document read before the fault.
    public let offset: Int
}

/// An incremental JSON reader: bytes go in as they arrive, in chunks of any size, and events come out.
///
/// It holds back only the bytes of a token that a chunk cut in two, so memory does not depend on the
/// document's size. The grammar is checked as it goes (RFC 8259: one value, members and elements separated
/// by commas, strings with their escapes, numbers), so a truncated or malformed document fails with the byte
/// offset of the fault — `finish()` tells a document that simply stopped.
public struct JSONStreamScanner {
    private enum Expect {
        /// A value: at the start, after a colon, after a comma in an array.
        case value
        /// A value or `]`: just after `[`.
        case valueOrArrayEnd
        /// A member name or `}`: just after `{`.
        case keyOrObjectEnd
        /// A member name: after a comma in an object.
        case key
        case colon
        /// `,` or the end of the enclosing container.
        case commaOrEnd
        /// The document's value is complete: only whitespace may follow.
        case end
    }

    private var buffer: [UInt8] = []
    /// Offset in the document of `buffer[0]`.
    private var consumed = 0
    private var expect = Expect.value
    /// `true` for an object, `false` for an array.
    private var containers: [Bool] = []
    /// A string or number longer than this is refused: no member of a real delivery comes close.
    private let maxTokenBytes: Int

    public init(maxTokenBytes: Int = 1 << 20) {
        self.maxTokenBytes = maxTokenBytes
    }

    /// Reads `bytes`, emitting every event they complete.
    public mutating func feed(_ bytes: some Sequence<UInt8>, _ emit: (JSONEvent) throws -> Void) throws {
        buffer.append(contentsOf: bytes)
        try scan(final: false, emit)
    }

    /// The document ended: whatever is held back must complete it.
    public mutating func finish(_ emit: (JSONEvent) throws -> Void = { _ in }) throws {
        try scan(final: true, emit)
        guard expect == .end else { throw fault(at: buffer.count, .init(ja: "文書が途中で終わっています", en: "the document ends before it is complete")) }
    }

    private mutating func scan(final: Bool, _ emit: (JSONEvent) throws -> Void) throws {
        var index = 0
        defer {
            buffer.removeFirst(index)
            consumed += index
        }
        while true {
            while index < buffer.count, Self.isWhitespace(buffer[index]) { index += 1 }
            guard index < buffer.count else { return }
            let byte = buffer[index]
            if expect == .end { throw fault(at: index, .init(ja: "文書の後に余計な内容があります", en: "unexpected content after the document")) }
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard expectsValue else { throw unexpected(byte, at: index) }
                let isObject = byte == UInt8(ascii: "{")
                containers.append(isObject)
                expect = isObject ? .keyOrObjectEnd : .valueOrArrayEnd
                index += 1
                try emit(isObject ? .objectStart : .arrayStart)
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                let isObject = byte == UInt8(ascii: "}")
                let closes = isObject ? (expect == .keyOrObjectEnd || expect == .commaOrEnd) : (expect == .valueOrArrayEnd || expect == .commaOrEnd)
                guard closes, containers.last == isObject else { throw unexpected(byte, at: index) }
                containers.removeLast()
                index += 1
                afterValue()
                try emit(isObject ? .objectEnd : .arrayEnd)
            case UInt8(ascii: ","):
                guard expect == .commaOrEnd, let inObject = containers.last else { throw unexpected(byte, at: index) }
                expect = inObject ? .key : .value
                index += 1
            case UInt8(ascii: ":"):
                guard expect == .colon else { throw unexpected(byte, at: index) }
                expect = .value
                index += 1
            case UInt8(ascii: "\""):
                let isKey = expect == .key || expect == .keyOrObjectEnd
                guard isKey || expectsValue else { throw unexpected(byte, at: index) }
                guard let (text, end) = try string(at: index) else {
                    if final { throw fault(at: buffer.count, .init(ja: "文字列が閉じられていません", en: "a string is not closed")) }
                    return
                }
                index = end
                if isKey {
                    expect = .colon
                    try emit(.key(text))
                } else {
                    afterValue()
                    try emit(.string(text))
                }
            default:
                guard expectsValue else { throw unexpected(byte, at: index) }
                guard let (event, end) = try scalar(at: index, final: final) else { return }
                index = end
                afterValue()
                try emit(event)
            }
        }
    }

    private var expectsValue: Bool {
        expect == .value || expect == .valueOrArrayEnd
    }

    private mutating func afterValue() {
        expect = containers.isEmpty ? .end : .commaOrEnd
    }

    /// The string starting at the quote at `start` and the index after its closing quote; nil when the buffer
    /// ends inside it.
    private func string(at start: Int) throws -> (String, Int)? {
        var index = start + 1
        var plain = true
        while index < buffer.count {
            switch buffer[index] {
            case UInt8(ascii: "\""):
                let body = buffer[(start + 1)..<index]
                let text = plain ? String(decoding: body, as: UTF8.self) : try unescape(body, from: start + 1)
                return (text, index + 1)
            case UInt8(ascii: "\\"):
                plain = false
                index += 2
            case 0..<0x20:
                throw fault(at: index, .init(ja: "文字列の中に制御文字があります", en: "a control character inside a string"))
            default:
                index += 1
            }
            guard index - start <= maxTokenBytes else { throw fault(at: start, .init(ja: "文字列が \(maxTokenBytes) バイトを超えています", en: "a string longer than \(maxTokenBytes) bytes")) }
        }
        return nil
    }

    private func unescape(_ body: ArraySlice<UInt8>, from offset: Int) throws -> String {
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
                guard var scalar = Self.hex4(body, at: index) else { throw fault(at: index - 2, .init(ja: "\\u エスケープが正しくありません", en: "a bad \\u escape")) }
                index += 4
                // A surrogate pair spells one scalar beyond the Basic Multilingual Plane.
                if (0xD800..<0xDC00).contains(scalar), index + 1 < body.endIndex, body[index] == UInt8(ascii: "\\"),
                   body[index + 1] == UInt8(ascii: "u"), let low = Self.hex4(body, at: index + 2), (0xDC00..<0xE000).contains(low) {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    index += 6
                }
                out.append(contentsOf: Array(String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8))
            default:
                throw fault(at: index - 2, .init(ja: "不明なエスケープ \\\(Character(Unicode.Scalar(escape)))", en: "an unknown escape \\\(Character(Unicode.Scalar(escape)))"))
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func hex4(_ bytes: ArraySlice<UInt8>, at index: Int) -> UInt32? {
        guard index + 4 <= bytes.endIndex else { return nil }
        var value: UInt32 = 0
        for byte in bytes[index..<(index + 4)] {
            guard let digit = hexDigit(byte) else { return nil }
            value = value << 4 | digit
        }
        return value
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// A number or literal at `start`; nil when the buffer may end inside it and more bytes are coming.
    private func scalar(at start: Int, final: Bool) throws -> (JSONEvent, Int)? {
        var end = start
        while end < buffer.count, !Self.isDelimiter(buffer[end]) { end += 1 }
        guard end < buffer.count || final else {
            guard end - start <= maxTokenBytes else { throw fault(at: start, .init(ja: "値が \(maxTokenBytes) バイトを超えています", en: "a value longer than \(maxTokenBytes) bytes")) }
            return nil
        }
        let token = buffer[start..<end]
        switch token.first {
        case UInt8(ascii: "t") where token.elementsEqual("true".utf8): return (.bool(true), end)
        case UInt8(ascii: "f") where token.elementsEqual("false".utf8): return (.bool(false), end)
        case UInt8(ascii: "n") where token.elementsEqual("null".utf8): return (.null, end)
        default:
            guard Self.isNumber(token), let value = Double(String(decoding: token, as: UTF8.self)) else {
                let text = String(decoding: token.prefix(20), as: UTF8.self)
                throw fault(at: start, .init(ja: "「\(text)」は JSON の値ではありません", en: "“\(text)” is not a JSON value"))
            }
            return (.number(value), end)
        }
    }

    /// JSON's number grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    private static func isNumber(_ token: ArraySlice<UInt8>) -> Bool {
        var index = token.startIndex
        func digits() -> Int {
            let from = index
            while index < token.endIndex, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(token[index]) { index += 1 }
            return index - from
        }
        if index < token.endIndex, token[index] == UInt8(ascii: "-") { index += 1 }
        guard index < token.endIndex else { return false }
        if token[index] == UInt8(ascii: "0") { index += 1 } else if digits() == 0 { return false }
        if index < token.endIndex, token[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { return false }
        }
        if index < token.endIndex, token[index] == UInt8(ascii: "e") || token[index] == UInt8(ascii: "E") {
            index += 1
            if index < token.endIndex, token[index] == UInt8(ascii: "+") || token[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { return false }
        }
        return index == token.endIndex
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    private static func isDelimiter(_ byte: UInt8) -> Bool {
        isWhitespace(byte) || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]")
            || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[")
    }

    private func unexpected(_ byte: UInt8, at index: Int) -> JSONStreamError {
        let character = Character(Unicode.Scalar(byte))
        return fault(at: index, .init(ja: "予期しない「\(character)」", en: "unexpected “\(character)”"))
    }

    private func fault(at index: Int, _ reason: LocalizedText) -> JSONStreamError {
        JSONStreamError(reason: reason, offset: consumed + index)
    }
}

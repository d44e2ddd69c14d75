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
            while index < buffer.count, JSONGrammar.isWhitespace(buffer[index]) { index += 1 }
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
        let end = JSONGrammar.stringEnd(buffer, from: start + 1)
        // Measured where the scan stopped; the opening quote alone never counts against the limit.
        guard end.stop - start <= max(maxTokenBytes, 1) else {
            throw fault(at: start, .init(ja: "文字列が \(maxTokenBytes) バイトを超えています", en: "a string longer than \(maxTokenBytes) bytes"))
        }
        switch end {
        case .closed(let quote, let escaped):
            let body = buffer[(start + 1)..<quote]
            return (escaped ? try unescape(body) : String(decoding: body, as: UTF8.self), quote + 1)
        case .controlCharacter(let at):
            throw fault(at: at, .init(ja: "文字列の中に制御文字があります", en: "a control character inside a string"))
        case .unterminated:
            return nil
        }
    }

    private func unescape(_ body: ArraySlice<UInt8>) throws -> String {
        do {
            return String(decoding: try JSONGrammar.unescape(body, loneSurrogates: .replace), as: UTF8.self)
        } catch .badUnicodeEscape(let at), .loneSurrogate(let at) {
            throw fault(at: body.startIndex + at, .init(ja: "\\u エスケープが正しくありません", en: "a bad \\u escape"))
        } catch .unknownEscape(let at, let escape) {
            let character = Character(Unicode.Scalar(escape))
            throw fault(at: body.startIndex + at, .init(ja: "不明なエスケープ \\\(character)", en: "an unknown escape \\\(character)"))
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
        case UInt8(ascii: "t") where Self.token(token, is: "true"): return (.bool(true), end)
        case UInt8(ascii: "f") where Self.token(token, is: "false"): return (.bool(false), end)
        case UInt8(ascii: "n") where Self.token(token, is: "null"): return (.null, end)
        default:
            guard JSONGrammar.numberEnd(token, from: start) == end, let value = JSONGrammar.numberValue(token) else {
                let text = String(decoding: token.prefix(20), as: UTF8.self)
                throw fault(at: start, .init(ja: "「\(text)」は JSON の値ではありません", en: "“\(text)” is not a JSON value"))
            }
            return (.number(value), end)
        }
    }

    private static func token(_ token: ArraySlice<UInt8>, is word: StaticString) -> Bool {
        token.count == word.utf8CodeUnitCount && JSONGrammar.hasLiteral(word, in: token, at: token.startIndex)
    }

    private static func isDelimiter(_ byte: UInt8) -> Bool {
        JSONGrammar.isWhitespace(byte) || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]")
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

import Foundation
import Health
import HealthImport
import Testing

@Suite struct JSONStreamScannerTests {
    static func events(_ text: String, chunk: Int? = nil) throws -> [JSONEvent] {
        let bytes = Array(text.utf8)
        var scanner = JSONStreamScanner()
        var events: [JSONEvent] = []
        if let chunk {
            var start = 0
            while start < bytes.count {
                try scanner.feed(bytes[start..<min(start + chunk, bytes.count)]) { events.append($0) }
                start += chunk
            }
        } else {
            try scanner.feed(bytes) { events.append($0) }
        }
        try scanner.finish { events.append($0) }
        return events
    }

    static func fault(_ text: String) -> JSONStreamError? {
        do {
            _ = try events(text)
            return nil
        } catch let error as JSONStreamError {
            return error
        } catch {
            return nil
        }
    }

    static let document = #"{"a": [1, -2.5e3, 0, true, false, null], "b\"q": "x\\y\/z\n\u00e9\ud83d\ude00", "c": {}, "d": [], "e": "日本"}"#

    @Test func aDocumentBecomesItsEventsInOrder() throws {
        #expect(try Self.events(Self.document) == [
            .objectStart, .key("a"), .arrayStart, .number(1), .number(-2500), .number(0), .bool(true), .bool(false), .null, .arrayEnd,
            .key("b\"q"), .string("x\\y/z\né😀"), .key("c"), .objectStart, .objectEnd, .key("d"), .arrayStart, .arrayEnd,
            .key("e"), .string("日本"), .objectEnd,
        ])
    }

    @Test func chunksOfAnySizeGiveTheSameEvents() throws {
        let whole = try Self.events(Self.document)
        for size in 1...12 {
            #expect(try Self.events(Self.document, chunk: size) == whole, "chunks of \(size) bytes")
        }
    }

    /// A file is read on where the gateway would refuse: half a surrogate pair becomes U+FFFD, the rest is kept.
    @Test func aLoneSurrogateHalfReadsAsTheReplacementCharacter() throws {
        #expect(try Self.events(#"["\ud83dA", "\ude00\ud83d\u0041"]"#) == [.arrayStart, .string("\u{FFFD}A"), .string("\u{FFFD}\u{FFFD}A"), .arrayEnd])
    }

    @Test func aTopLevelNumberIsCompleteOnlyAtTheEnd() throws {
        #expect(try Self.events("12", chunk: 1) == [.number(12)])
    }

    @Test(arguments: [
        (#"{"a": 1"#, "the document ends before it is complete", 7),
        (#"{"a" 1}"#, "unexpected “1”", 5),
        (#"{"a": 1,}"#, "unexpected “}”", 8),
        (#"[1 2]"#, "unexpected “2”", 3),
        (#"{"a": 01}"#, "“01” is not a JSON value", 6),
        (#"{"a": tru}"#, "“tru” is not a JSON value", 6),
        (#"{"a": "x\q"}"#, #"an unknown escape \q"#, 8),
        (#"{"a": "xy\u12G4"}"#, #"a bad \u escape"#, 9),
        ("{\"a\": \"line\nbreak\"}", "a control character inside a string", 11),
        (#"{} {}"#, "unexpected content after the document", 3),
        (#"{"a": "never closed"#, "a string is not closed", 19),
        (#"]"#, "unexpected “]”", 0),
    ])
    func malformedDocumentsFailWithTheByteOffset(text: String, reason: String, offset: Int) {
        let fault = Self.fault(text)
        #expect(fault?.reason.en == reason)
        #expect(fault?.offset == offset)
    }

    @Test func anEndlessTokenIsRefusedInsteadOfBuffered() throws {
        var scanner = JSONStreamScanner(maxTokenBytes: 64)
        #expect(throws: JSONStreamError.self) {
            try scanner.feed(Array(("[\"" + String(repeating: "x", count: 100)).utf8)) { _ in }
        }
    }
}

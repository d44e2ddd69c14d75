import Foundation
import Health
import HealthImport
import Testing

@Suite("Scanning start tags whose values hold quotes and angle brackets")
struct XMLStreamScannerTests {
    /// Feeds `document` in chunks of `size` bytes; answers the events, or the error the scanner threw.
    func scan(_ document: String, chunkSize size: Int) -> Result<[XMLEvent], ImportError> {
        var scanner = XMLStreamScanner()
        var events: [XMLEvent] = []
        let bytes = Array(document.utf8)
        do {
            for start in stride(from: 0, to: bytes.count, by: size) {
                try bytes[start..<min(start + size, bytes.count)].withUnsafeBytes { chunk in
                    try scanner.feed(chunk) { events.append($0) }
                }
            }
            try scanner.finish()
            return .success(events)
        } catch let error as ImportError {
            return .failure(error)
        } catch {
            Issue.record("unexpected \(error)")
            return .success([])
        }
    }

    @Test("'>' and the other quote inside a quoted value belong to the value, wherever the chunks end")
    func quotedValuesAreSkippedWhole() {
        let document = #"<HealthData><Record type="a>b" value='5 "cm"' sourceName="S>'"/><Me x=">"></Me></HealthData>"#
        let expected: [XMLEvent] = [
            .start(name: "HealthData", attributes: [], selfClosing: false),
            .start(name: "Record", attributes: [
                XMLAttribute(name: "type", value: "a>b"), XMLAttribute(name: "value", value: #"5 "cm""#),
                XMLAttribute(name: "sourceName", value: "S>'"),
            ], selfClosing: true),
            .start(name: "Me", attributes: [XMLAttribute(name: "x", value: ">")], selfClosing: false),
            .end(name: "Me"),
            .end(name: "HealthData"),
        ]
        for size in 1...document.utf8.count {
            #expect(scan(document, chunkSize: size) == .success(expected), "chunks of \(size) bytes")
        }
    }

    @Test("'<' inside a tag, quoted or not, is refused at the tag's start, wherever the chunks end", arguments: [
        #"<HealthData><Record type="a<b"/></HealthData>"#,
        #"<HealthData><Record type="ab/></HealthData>"#,
        #"<HealthData><Record type="ab" <x/></HealthData>"#,
    ])
    func anAngleBracketInsideATagIsRefused(document: String) {
        for size in 1...document.utf8.count {
            guard case let .failure(.malformedXML(reason, offset, line)) = scan(document, chunkSize: size) else {
                Issue.record("chunks of \(size) bytes: not refused")
                continue
            }
            #expect(reason.contains("not closed properly"), "chunks of \(size) bytes")
            #expect(offset == 12 && line == 1, "chunks of \(size) bytes: at <Record")
        }
    }
}

import Foundation
import Health
import HealthImport
import Testing

@Suite("Scanning start tags whose values hold quotes and angle brackets")
struct XMLStreamScannerTests {
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
            #expect(scannedEvents(document, chunkSize: size) == .success(expected), "chunks of \(size) bytes")
        }
    }

    @Test("'<' inside a tag, quoted or not, is refused at the tag's start, wherever the chunks end", arguments: [
        #"<HealthData><Record type="a<b"/></HealthData>"#,
        #"<HealthData><Record type="ab/></HealthData>"#,
        #"<HealthData><Record type="ab" <x/></HealthData>"#,
    ])
    func anAngleBracketInsideATagIsRefused(document: String) {
        for size in 1...document.utf8.count {
            guard case let .failure(.malformedXML(reason, offset, line)) = scannedEvents(document, chunkSize: size) else {
                Issue.record("chunks of \(size) bytes: not refused")
                continue
            }
            #expect(reason.contains("not closed properly"), "chunks of \(size) bytes")
            #expect(offset == 12 && line == 1, "chunks of \(size) bytes: at <Record")
        }
    }
}

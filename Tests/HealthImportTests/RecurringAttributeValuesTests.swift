import Foundation
import HealthImport
import Testing

/// The scanner shares the text of attribute values that recur from tag to tag; what it reports must not change.
@Suite("Attribute values that recur from tag to tag")
struct RecurringAttributeValuesTests {
    /// A tag's attributes, written as the export writes them: `&lt;`, `&gt;`, `&amp;` and `&quot;` escaped.
    func tag(_ name: String, _ attributes: [(String, String)]) -> String {
        let written = attributes.map { name, value in
            let escaped = value.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            return " \(name)=\"\(escaped)\""
        }
        return "<\(name)\(written.joined())/>\n"
    }

    func document(_ tags: [(String, [(String, String)])]) -> (text: String, expected: [XMLEvent]) {
        let text = "<HealthData>\n" + tags.map { tag($0.0, $0.1) }.joined() + "</HealthData>\n"
        let expected = [XMLEvent.start(name: "HealthData", attributes: [], selfClosing: false)]
            + tags.map { XMLEvent.start(name: $0.0, attributes: $0.1.map { XMLAttribute(name: $0.0, value: $0.1) }, selfClosing: true) }
            + [.end(name: "HealthData")]
        return (text, expected)
    }

    func expectRead(_ tags: [(String, [(String, String)])], sourceLocation: SourceLocation = #_sourceLocation) {
        let (text, expected) = document(tags)
        for size in [1, 7, 100, 4_096, text.utf8.count] {
            guard case let .success(events) = scannedEvents(text, chunkSize: size) else {
                Issue.record("chunks of \(size) bytes: refused", sourceLocation: sourceLocation)
                continue
            }
            #expect(events.count == expected.count, "chunks of \(size) bytes", sourceLocation: sourceLocation)
            for (index, (event, wanted)) in zip(events, expected).enumerated() where event != wanted {
                Issue.record("chunks of \(size) bytes, event \(index): \(event), expected \(wanted)", sourceLocation: sourceLocation)
                break
            }
        }
    }

    @Test("A device, types taking turns and more of them than are kept: each record reads as written")
    func recurringValuesWithEntities() {
        let devices = [
            "<<HKDevice: 0x2837a4e60>, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,1, software:10.2>",
            "<<HKDevice: 0x2837a4e61>, name:iPhone, manufacturer:Apple Inc., model:iPhone, hardware:iPhone12,1, software:17.1>",
        ]
        // Six types: more than the four values a name keeps, so kept values are replaced while others recur.
        let types = ["HeartRate", "ActiveEnergyBurned", "BasalEnergyBurned", "StepCount", "Height", "BodyMass"]
            .map { "HKQuantityTypeIdentifier" + $0 }
        let tags = (0..<400).map { index -> (String, [(String, String)]) in
            let type = index % 50 < 40 ? types[index % 3] : types[3 + index % 3]
            return ("Record", [
                ("type", type), ("sourceName", index % 7 == 0 ? "Hanako’s \"iPhone\" & Watch" : "Apple Watch"),
                ("device", devices[index / 100 % 2]), ("unit", "count/min"),
                ("startDate", "2024-03-01 07:\(String(format: "%02d", index % 60)):10 +0900"), ("value", "\(index % 90 + 50)"),
            ])
        }
        expectRead(tags)
    }

    @Test("Values that stop recurring, then recur again, and the same text under two names")
    func namesThatRestAndRecur() {
        // 300 distinct dates: the name rests after its first round. Then a run of one repeated date, and a value that
        // the `value` name saw before under `unit`.
        var tags = (0..<300).map { index in ("Record", [("startDate", "2024-01-01 00:00:\(index) +0900"), ("unit", "kg")]) }
        tags += (0..<200).map { index in ("Record", [("startDate", "2024-02-02 02:02:02 +0900"), ("value", index % 2 == 0 ? "kg" : "&<>")]) }
        expectRead(tags)
    }

    @Test("More attribute names than are kept, and values longer than are kept, read as written")
    func beyondTheLimits() {
        let names = (0..<100).map { "attribute\($0)" }
        let long = String(repeating: "a<b>&c", count: 400)
        let tags = (0..<4).map { round in
            ("Element", names.enumerated().map { index, name in (name, index % 10 == 0 ? long + "\(round % 2)" : "value \(index)") })
        }
        expectRead(tags)
    }
}

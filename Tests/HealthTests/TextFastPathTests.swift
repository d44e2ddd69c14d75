import Foundation
import Health
import Testing

/// Two per-sample helpers skip Foundation when there is nothing to do; whatever the input, they must answer what the
/// slow path answers.
@Suite struct TextFastPathTests {
    static let texts = [
        "", " ", "count", " count", "count ", "\tkg\n", "kcal\r\n", "\u{0B}mL\u{0C}", "\u{A0}kg", "kg\u{3000}", "\u{85}lb",
        "歩", " 歩 ", "mmol<180.15588000005408>/L", "count/min", "a b", "\u{2028}",
    ]

    @Test(arguments: texts)
    func trimmingAnswersWhatFoundationAnswers(_ text: String) {
        #expect(text.trimmedWhitespace == text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// The metadata column's JSON: every value read back by JSONSerialization equals what was written, with and
    /// without characters that need an escape, and the text is the same as the scalar-by-scalar writer's.
    @Test func metadataJSONRoundTripsWithAndWithoutEscapes() throws {
        let metadata = [
            "device": "iPhone", "HKMetadataKeyHeartRateMotionContext": "0", "quote": "a \"quoted\" value", "path": "C:\\Health",
            "lines": "one\ntwo\r\tthree", "bell": "\u{07}", "日本": "歩数 🚶", "slash": "a/b",
        ]
        let text = ImportJSON.object(metadata)
        let read = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: String])
        #expect(read == metadata)
        #expect(text.hasPrefix(#"{"HKMetadataKeyHeartRateMotionContext":"0","bell":"\u0007","device":"iPhone","lines":"one\ntwo\r\tthree","#))
        #expect(text.contains(#""path":"C:\\Health","quote":"a \"quoted\" value","slash":"a/b","日本":"歩数 🚶"}"#))
    }
}

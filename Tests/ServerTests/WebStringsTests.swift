import Health
import Testing
@testable import Server

@Suite struct WebStringsTests {
    @Test func everyKeyIsDefinedOnceAcrossTheSystemsTables() {
        var seen: [String: Int] = [:]
        for table in WebStrings.tables {
            for key in table.keys { seen[key, default: 0] += 1 }
        }
        #expect(seen.filter { $0.value > 1 }.keys.sorted() == [])
    }

    /// Mustache reads `{{t.a.b}}` as a path, so a key with a dot could never be shown.
    @Test func keysAreUsableFromTemplates() {
        #expect(WebStrings.all.keys.filter { $0.contains(".") || $0.contains(" ") }.sorted() == [])
    }

    @Test func everyTextHasBothLanguages() {
        #expect(WebStrings.all.filter { $0.value.ja.isEmpty || $0.value.en.isEmpty }.keys.sorted() == [])
    }
}

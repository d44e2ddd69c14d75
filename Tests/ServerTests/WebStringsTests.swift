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

    /// One convention for every system: camelCase keys, prefixed by the system where they are its own, read as
    /// `{{t.key}}`. Mustache reads `{{t.a.b}}` as a path, so a key with a dot or a space could never be shown.
    @Test func keysAreUsableFromTemplates() {
        let unusable = WebStrings.all.keys.filter { key in
            key.contains(" ") || key.contains(".") || key.first?.isLowercase != true
        }
        #expect(unusable.sorted() == [])
    }

    @Test func everyTextHasBothLanguages() {
        #expect(WebStrings.all.filter { $0.value.ja.isEmpty || $0.value.en.isEmpty }.keys.sorted() == [])
    }
}

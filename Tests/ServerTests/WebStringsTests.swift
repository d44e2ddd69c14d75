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

    /// Mustache reads `{{t.a.b}}` as a path, so a key with a dot could never be shown through `t`. The one
    /// exception is a namespace a controller hands to its templates as its own dictionary (`{{wt.title}}`).
    @Test func keysAreUsableFromTemplates() {
        let namespaces = ["wt."]
        let unusable = WebStrings.all.keys.filter { key in
            key.contains(" ") || (key.contains(".") && !namespaces.contains { key.hasPrefix($0) && !key.dropFirst($0.count).contains(".") })
        }
        #expect(unusable.sorted() == [])
    }

    @Test func everyTextHasBothLanguages() {
        #expect(WebStrings.all.filter { $0.value.ja.isEmpty || $0.value.en.isEmpty }.keys.sorted() == [])
    }
}

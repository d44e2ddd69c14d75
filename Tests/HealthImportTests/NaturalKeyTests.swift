import Foundation
import Health
import HealthImport
import Testing

@Suite struct NaturalKeyTests {
    /// A key made from a value too large for an integer (a damaged export's 1e300) used to trap and stop the server.
    @Test func everyNumberHasAKeyAndOrdinaryValuesKeepTheirKeys() {
        let start = Date(timeIntervalSince1970: 1_709_246_530)
        func key(_ value: Double) -> NaturalKey {
            NaturalKey.sample(metric: "bodyMass", sourceName: "Scale", start: start, end: start, value: value)
        }
        var written = NaturalKey()
        written.add("bodyMass")
        written.add("Scale")
        written.add(Int64(1_709_246_530_000))
        written.add(Int64(1_709_246_530_000))
        written.add(Int64(70_500_000))
        #expect(key(70.5).check == written.check && key(70.5).folded == written.folded, "the hash of a sample is what it always was")
        #expect(key(70.5).value == NaturalKey.timeOrderedValue(folded: written.folded, startHour: 1_709_246_530 / 3600), "its slot starts with its hour")
        #expect(written.value == written.folded, "keys of other items are not time-ordered")
        #expect(key(1e300) != key(1e299))
        #expect(key(-1e300) != key(1e300))
        #expect(key(.infinity) == key(.infinity))
    }
}

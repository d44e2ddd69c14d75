import Testing
import Workouts

/// Kilograms as people read them: a set's weight as typed, a week's volume with its thousands grouped.
@Suite struct WeightTextTests {
    @Test(arguments: [(80.0, "80"), (82.5, "82.5"), (1_125, "1,125"), (12_345.6, "12,345.6"), (1_234_567, "1,234,567"), (999.9, "999.9"),
                      (-4_500, "-4,500")])
    func totalsAreGroupedInThrees(value: Double, shown: String) {
        #expect(WeightText.grouped(value) == shown)
    }

    @Test func formValuesAreNotGroupedSoTheyReadBack() {
        #expect(WeightText.format(1_125) == "1125")
        #expect(WeightText.format(12_345.6) == "12345.6")
    }
}

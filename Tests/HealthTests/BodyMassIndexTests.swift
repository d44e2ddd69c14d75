import Health
import Testing

@Suite struct BodyMassIndexTests {
    @Test func computesFromKilogramsAndCentimetres() throws {
        let bmi = try #require(BodyMassIndex(weightKg: 70, heightCm: 170))
        #expect(abs(bmi.value - 24.22) < 0.01)
        #expect(bmi.category == .normal)
    }

    @Test(arguments: [(18.49, BodyMassIndex.Category.underweight), (18.5, .normal), (24.99, .normal), (25, .obese1), (30, .obese2), (35, .obese3), (40, .obese4)])
    func categoriesFollowTheJapaneseThresholds(value: Double, category: BodyMassIndex.Category) throws {
        // Height 100 cm makes the BMI equal to the weight in kg.
        let bmi = try #require(BodyMassIndex(weightKg: value, heightCm: 100))
        #expect(bmi.category == category)
    }

    @Test func refusesNumbersThatCannotDescribeAPerson() {
        #expect(BodyMassIndex(weightKg: 0, heightCm: 170) == nil)
        #expect(BodyMassIndex(weightKg: 70, heightCm: 20) == nil)
    }

    @Test func standardWeightIsBMI22() {
        #expect(abs(BodyMassIndex.standardWeightKg(heightCm: 160) - 56.32) < 0.01)
    }
}

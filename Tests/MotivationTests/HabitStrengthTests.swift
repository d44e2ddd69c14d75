import Motivation
import Testing

@Suite struct HabitStrengthTests {
    @Test func thirtyPerfectDaysFromZeroGiveEightyPercent() {
        var strength = HabitStrength()
        for _ in 0..<30 { strength.advance(done: true) }
        #expect(abs(strength.score - 0.80) <= 0.01)
    }
}

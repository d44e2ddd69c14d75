import Health
import Testing
@testable import Workouts

@Suite struct E1RMFormulaTests {
    // 100 kg × 5 reps, worked by hand from each formula's definition.
    @Test(arguments: [
        (E1RMFormula.epley, 116.667),     // 100 · (1 + 5/30)
        (.brzycki, 112.5),                // 100 · 36 / 32
        (.lombardi, 117.462),             // 100 · 5^0.1, e^(0.1·ln 5) = e^0.16094
        (.lander, 113.709),               // 10000 / (101.3 − 13.35615)
        (.mayhew, 119.011),               // 10000 / (52.2 + 41.9 · e^−0.275 = 31.826)
        (.oconner, 112.5),                // 100 · (1 + 5/40)
        (.wathan, 116.583),               // 10000 / (48.8 + 53.8 · e^−0.375 = 36.976)
    ])
    func hundredKilosForFive(formula: E1RMFormula, expected: Double) {
        #expect(abs(formula.estimate(weight: 100, reps: 5) - expected) < 0.001)
    }

    @Test(arguments: E1RMFormula.allCases)
    func oneRepIsTheLiftItself(formula: E1RMFormula) {
        #expect(formula.estimate(weight: 142.5, reps: 1) == 142.5)
    }

    @Test func epleyIsTheDefaultAndMoreRepsMeanAHigherEstimate() {
        #expect(E1RMFormula.standard == .epley)
        #expect(abs(E1RMFormula.epley.estimate(weight: 80, reps: 8) - 101.333) < 0.001)
        for formula in E1RMFormula.allCases {
            #expect(formula.estimate(weight: 100, reps: 10) > formula.estimate(weight: 100, reps: 3), "\(formula)")
        }
    }

    @Test func brzyckiStaysFiniteAtHighReps() {
        #expect(E1RMFormula.brzycki.estimate(weight: 20, reps: 100).isFinite)
        #expect(E1RMFormula.lander.estimate(weight: 20, reps: 100).isFinite)
    }
}

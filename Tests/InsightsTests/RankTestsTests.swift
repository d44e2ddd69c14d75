import Insights
import Testing

@Suite struct RankTestsTests {
    @Test func spearmanMatchesHandComputedValuesWithAndWithoutTies() throws {
        let plain = try #require(SpearmanCorrelation(x: [1, 2, 3, 4, 5], y: [2, 1, 4, 3, 5]))
        #expect(isClose(plain.rho, 0.8), "1 − 6·4/(5·24)")
        // x ranks 1, 2.5, 2.5, 4 against 1, 2, 3, 4: ρ = 4.5/√(4.5·5).
        let tied = try #require(SpearmanCorrelation(x: [1, 2, 2, 3], y: [10, 20, 30, 40]))
        #expect(isClose(tied.rho, 4.5 / (4.5 * 5.0).squareRoot()))
        #expect(SpearmanCorrelation(x: [1, 1, 1, 1], y: [1, 2, 3, 4]) == nil, "a constant series has no ranks")
    }

    @Test func spearmanPValueUsesTheTApproximation() throws {
        // ρ = 0.8 with n = 5: t = 0.8·√(3/0.36) = 2.309, two-sided p on 3 df = 0.1041.
        let test = try #require(SpearmanCorrelation(x: [1, 2, 3, 4, 5], y: [2, 1, 4, 3, 5]))
        #expect(abs(test.pValue - 0.1041) < 0.0005)
    }

    @Test func mannWhitneyMatchesAHandComputedExample() throws {
        // U = 0, mean 4.5, variance 3·3/12·7 = 5.25, z = (−4.5 + 0.5)/√5.25 = −1.7457, p = 0.0809.
        let test = try #require(MannWhitneyTest(first: [1, 2, 3], second: [4, 5, 6]))
        #expect(test.u == 0)
        #expect(abs(test.z - -1.7457) < 0.0005)
        #expect(abs(test.pValue - 0.0809) < 0.0005)
        #expect(test.rankBiserial == -1)
    }

    @Test func mannWhitneyCorrectsItsVarianceForTies() throws {
        // Ranks: 1 → 1.5 (twice), 2 → 4 (three times), 3 → 6. Σ(t³ − t) = 6 + 24 = 30.
        // Variance = 3·3/12·(7 − 30/30) = 4.5. U₁ = (1.5 + 1.5 + 4) − 6 = 1; z = (1 − 4.5 + 0.5)/√4.5.
        let test = try #require(MannWhitneyTest(first: [1, 1, 2], second: [2, 2, 3]))
        #expect(test.u == 1)
        #expect(isClose(test.z, -3 / 4.5.squareRoot()))
    }

    @Test func benjaminiHochbergQValues() {
        let q = BenjaminiHochberg.qValues([0.01, 0.04, 0.03, 0.005])
        #expect(zip(q, [0.02, 0.04, 0.04, 0.02]).allSatisfy { isClose($0, $1) })
        #expect(BenjaminiHochberg.qValues([0.9, 0.8]) == [0.9, 0.9])
    }
}

import Foundation
import Health
import Insights
import Testing
import TestSupport

@Suite struct WeightForecastTests {
    static let start = LocalDay(year: 2024, month: 1, day: 1)
    static let lossPerDay = 0.5 / 7

    /// Daily first readings of a steady 0.5 kg/week loss from 80 kg with normal day-to-day noise.
    static func simulatedLoss(days: Int, noise: Double, seed: UInt64) -> [TrendPoint] {
        var generator = SeededGenerator(seed: seed)
        return (0..<days).map { day in
            TrendPoint(day: start.adding(days: day), value: 80 - lossPerDay * Double(day) + noise * generator.gaussian())
        }
    }

    @Test func theRateHasNoSmoothingLagAndItsStatedErrorIsHonest() throws {
        // 28 days, σ = 0.8 kg, 200 seeds. The least-squares slope is unbiased and the standard error it reports
        // matches the spread it really has.
        var errors: [Double] = []
        var withinStatedEightyPercent = 0
        for seed in 1...200 {
            let rate = try #require(WeightRate(daily: Self.simulatedLoss(days: 28, noise: 0.8, seed: UInt64(seed))))
            let error = rate.kilogramsPerWeek - -0.5
            errors.append(error)
            if abs(error) <= 1.2816 * rate.standardErrorPerWeek { withinStatedEightyPercent += 1 }
        }
        let meanError = errors.reduce(0, +) / Double(errors.count)
        #expect(abs(meanError) < 0.03, "unbiased: the α = 0.1 trend's slope would lag")
        #expect((144...176).contains(withinStatedEightyPercent), "\(withinStatedEightyPercent) of 200 within ±1.28 SE")
        // With σ = 0.8 kg and 28 readings the best unbiased slope has SE 0.8·√(12/(28·783))·7 ≈ 0.131 kg/week, so
        // only ≈ 55 % of runs can fall within 0.1 kg/week (2Φ(0.1/0.131) − 1). The estimator reaches that floor.
        let within = errors.filter { abs($0) < 0.1 }.count
        #expect((95...125).contains(within), "\(within) of 200 within 0.1 kg/week at 28 days")
        // The issue's "after 28 days the rate error is under 0.1 kg/week" holds for the typical run: the median
        // error of an unbiased estimate at that floor is 0.6745 · 0.131 ≈ 0.088 kg/week.
        let absolute = errors.map(abs).sorted()
        let median = (absolute[99] + absolute[100]) / 2
        #expect(median < 0.1, "median rate error \(median) kg/week at 28 days")
    }

    @Test func theRateIsWithinATenthOfAKiloAWeekForNineInTenSeedsOnceTheDataAllowsIt() throws {
        // The ≥ 90 % criterion needs SE ≤ 0.06 kg/week, i.e. about 56 daily readings at σ = 0.8 kg.
        var within = 0
        for seed in 1...200 {
            let daily = Self.simulatedLoss(days: 56, noise: 0.8, seed: UInt64(seed))
            let rate = try #require(WeightRate(daily: daily, windowDays: 56))
            if abs(rate.kilogramsPerWeek - -0.5) < 0.1 { within += 1 }
        }
        #expect(within >= 180, "\(within) of 200 seeds")
        // With a realistic σ = 0.4 kg, 28 days already get most seeds there (SE ≈ 0.066 kg/week).
        var realistic = 0
        for seed in 1...200 {
            let rate = try #require(WeightRate(daily: Self.simulatedLoss(days: 28, noise: 0.4, seed: UInt64(seed))))
            if abs(rate.kilogramsPerWeek - -0.5) < 0.1 { realistic += 1 }
        }
        #expect(realistic >= 160, "\(realistic) of 200 seeds")
    }

    @Test func theEightyPercentIntervalHoldsTheTrueDateInEightyPercentOfSimulations() throws {
        // From 80 kg at 0.5 kg/week, 75 kg is reached on day 70 exactly.
        let trueDate = Self.start.adding(days: 70)
        var covered = 0
        for seed in 1...1_000 {
            let daily = Self.simulatedLoss(days: 28, noise: 0.8, seed: UInt64(10_000 + seed))
            let forecast = WeightForecast.forecast(rate: WeightRate(daily: daily), target: 75)
            guard case .expected(let date) = forecast else { continue }
            if date.earliest <= trueDate, date.latest.map({ trueDate <= $0 }) ?? true { covered += 1 }
        }
        #expect((750...850).contains(covered), "\(covered) of 1000")
    }

    @Test func aSlopeAwayFromTheTargetOrUnderFiveGramsADayGivesNoDate() {
        let gaining = (0..<28).map { TrendPoint(day: Self.start.adding(days: $0), value: 80 + 0.02 * Double($0)) }
        #expect(WeightForecast.forecast(rate: WeightRate(daily: gaining), target: 75) == .notApproaching)
        let flat = (0..<28).map { TrendPoint(day: Self.start.adding(days: $0), value: 80 - 0.004 * Double($0)) }
        #expect(WeightForecast.forecast(rate: WeightRate(daily: flat), target: 75) == .notApproaching)
        let few = (0..<5).map { TrendPoint(day: Self.start.adding(days: $0), value: 80) }
        #expect(WeightForecast.forecast(rate: WeightRate(daily: few), target: 75) == .insufficientData)
    }

    @Test func aNoiselessLossLandsOnTheExactDate() throws {
        let daily = (0..<28).map {
            TrendPoint(day: Self.start.adding(days: $0), value: 80 - Self.lossPerDay * Double($0) + ($0 % 2 == 0 ? 0.01 : -0.01))
        }
        let analysis = WeightAnalysis(daily: daily, today: Self.start.adding(days: 27), target: 75)
        guard case .expected(let date) = analysis.forecast else {
            Issue.record("expected a date, got \(String(describing: analysis.forecast))")
            return
        }
        #expect(date.date == Self.start.adding(days: 70))
        #expect(date.earliest <= date.date && date.date <= (date.latest ?? date.date))
        #expect(abs(try #require(analysis.rate).kilogramsPerWeek - -0.5) < 0.01)
    }

    @Test func studentTMatchesTabulatedValues() {
        #expect(abs(StudentT(degreesOfFreedom: 26).quantile(0.9) - 1.315) < 0.001)
        #expect(abs(StudentT(degreesOfFreedom: 10).quantile(0.975) - 2.228) < 0.001)
        #expect(abs(StudentT(degreesOfFreedom: 1).cumulative(1) - 0.75) < 1e-9)
        #expect(abs(StudentT(degreesOfFreedom: 58).twoSidedPValue(2.0017) - 0.05) < 0.001)
    }
}

import Charts
import Foundation
import Testing

@Suite struct NiceScaleTests {
    /// True when `step` is 1, 2, 2.5 or 5 times a power of ten.
    private func isNice(_ step: Double) -> Bool {
        let magnitude = pow(10, floor(log10(step)))
        let mantissa = step / magnitude
        return [1, 2, 2.5, 5, 10].contains { abs(mantissa - $0) < 1e-9 }
    }

    @Test(arguments: [
        (0.0, 10.0), (60.2, 62.7), (0.001, 0.0093), (-3.0, 17.0), (0.0, 12_345.0), (97.5, 98.1), (-40.0, -12.0),
    ])
    func ticksAreEvenlySpacedNiceStepsThatEncloseTheData(bounds: (Double, Double)) throws {
        let ticks = NiceScale.ticks(min: bounds.0, max: bounds.1, maxCount: 5)
        #expect((3...5).contains(ticks.count), "\(ticks)")
        let first = try #require(ticks.first)
        let last = try #require(ticks.last)
        #expect(first <= bounds.0)
        #expect(last >= bounds.1)
        let step = ticks[1] - ticks[0]
        #expect(isNice(step), "step \(step)")
        for (lower, upper) in zip(ticks, ticks.dropFirst()) {
            #expect(abs((upper - lower) - step) < step * 1e-9)
        }
        // Tight: dropping either end tick would leave data outside the axis.
        #expect(first + step > bounds.0)
        #expect(last - step < bounds.1)
    }

    @Test func equalValuesStillGetAnAxisAroundTheValue() {
        let weight = NiceScale.ticks(min: 72, max: 72, maxCount: 5)
        #expect(weight.count >= 3)
        #expect(weight.first! < 72 && weight.last! > 72)

        let zero = NiceScale.ticks(min: 0, max: 0, maxCount: 5)
        #expect(zero.first! < 0 && zero.last! > 0)
        #expect(zero.contains(0))
    }

    @Test func decimalTicksAreExactDecimals() {
        // 3 × 0.1 is 0.30000000000000004 in binary floating point; a label must read "0.3".
        let ticks = NiceScale.ticks(min: 0.1, max: 0.5, maxCount: 5)
        #expect(ticks == [0.1, 0.2, 0.3, 0.4, 0.5])
        #expect(ticks.map { "\($0)" } == ["0.1", "0.2", "0.3", "0.4", "0.5"])
    }

    @Test func boundsSittingOnTicksAddNoExtraTick() {
        #expect(NiceScale.ticks(min: 0, max: 10_000, maxCount: 5) == [0, 2_500, 5_000, 7_500, 10_000])
        #expect(NiceScale.ticks(min: 60, max: 64, maxCount: 5) == [60, 61, 62, 63, 64])
    }

    @Test func minimumStepKeepsWholeNumberAxesWhole() {
        // Workouts per day: 0 or 1. Halves would be meaningless labels.
        let ticks = NiceScale.ticks(min: 0, max: 1, maxCount: 5, minimumStep: 1)
        #expect(ticks == [0, 1, 2])
    }

    @Test func reversedBoundsAreAccepted() {
        #expect(NiceScale.ticks(min: 10, max: 0, maxCount: 5) == NiceScale.ticks(min: 0, max: 10, maxCount: 5))
    }

    @Test func nonFiniteBoundsGiveNoTicks() {
        #expect(NiceScale.ticks(min: .nan, max: 1, maxCount: 5).isEmpty)
        #expect(NiceScale.ticks(min: 0, max: .infinity, maxCount: 5).isEmpty)
    }
}

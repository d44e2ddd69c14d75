import Foundation
import Health
import Testing

@Suite struct MovingAverageTests {
    private let firstDay = LocalDay(year: 2026, month: 12, day: 28)

    private func points(_ values: [Double], skipping gaps: Set<Int> = []) -> [TrendPoint] {
        var result: [TrendPoint] = []
        var offset = 0
        for value in values {
            while gaps.contains(offset) { offset += 1 }
            result.append(TrendPoint(day: firstDay.adding(days: offset), value: value))
            offset += 1
        }
        return result
    }

    @Test func sixDaysAreNotEnough() {
        #expect(MovingAverage.minimumDays == 7)
        #expect(MovingAverage.trailing(points([70, 71, 72, 73, 74, 75])).isEmpty)
        #expect(MovingAverage.trailing([]).isEmpty)
    }

    @Test func sevenDaysGiveTheFirstPoint() {
        let line = MovingAverage.trailing(points([70, 71, 72, 73, 74, 75, 76]))
        #expect(line == [TrendPoint(day: firstDay.adding(days: 6), value: 73)])
        #expect(line.first?.day.description == "2027-01-03")
    }

    @Test func laterPointsAverageTheTrailingWeek() {
        let line = MovingAverage.trailing(points([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]))
        #expect(line.map(\.value) == [4, 5, 6, 7])
        #expect(line.map(\.day) == (6...9).map { firstDay.adding(days: $0) })
    }

    @Test func gapsAreLeftOutOfTheMeanNotCountedAsZero() {
        // Data on offsets 0,1,2,3,5,6,8: the 7th data day is offset 8, whose window [2, 8] holds offsets 2,3,5,6,8.
        let daily = points([10, 20, 30, 40, 50, 60, 70], skipping: [4, 7])
        let line = MovingAverage.trailing(daily)
        #expect(line.count == 1)
        #expect(line.first?.day == firstDay.adding(days: 8))
        #expect(line.first?.value == Double(30 + 40 + 50 + 60 + 70) / 5)
    }

    @Test func unsortedInputAndRepeatedDaysAreHandled() {
        var daily = points([1, 2, 3, 4, 5, 6, 7]).reversed().map { $0 }
        // Two readings for the last day average to 7 before smoothing.
        daily.append(TrendPoint(day: firstDay.adding(days: 6), value: 9))
        daily.append(TrendPoint(day: firstDay.adding(days: 6), value: 5))
        let line = MovingAverage.trailing(daily)
        #expect(line.map(\.value) == [4])
        // Six distinct days with many readings are still six days.
        let crowded = (0..<6).flatMap { day in (0..<3).map { _ in TrendPoint(day: firstDay.adding(days: day), value: 1) } }
        #expect(MovingAverage.trailing(crowded).isEmpty)
    }

    @Test func aLongerWindowReachesFurtherBack() {
        let line = MovingAverage.trailing(points([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]), window: 30)
        #expect(line.map(\.value) == [4, 4.5, 5, 5.5])
        #expect(MovingAverage.trailing(points([1, 2, 3, 4, 5, 6, 7]), window: 0).isEmpty)
    }
}

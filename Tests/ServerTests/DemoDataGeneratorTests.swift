import Foundation
import Health
import Server
import Services
import Testing

/// `kiroku demo --days N` promises N days of history whatever the hour it runs at.
@Suite struct DemoDataGeneratorTests {
    let tokyo = TimeZone(identifier: "Asia/Tokyo") ?? .gmt

    @Test func beforeTheDaysActivityTheHistoryEndsYesterday() {
        let twoInTheMorning = LocalDay(year: 2026, month: 11, day: 24).start(in: tokyo).addingTimeInterval(2 * 3600)
        #expect(DemoDataGenerator.lastDay(at: twoInTheMorning, in: tokyo) == LocalDay(year: 2026, month: 11, day: 23))
    }

    @Test func onceTheDayIsUnderwayTheHistoryEndsToday() {
        let nineInTheMorning = LocalDay(year: 2026, month: 11, day: 24).start(in: tokyo).addingTimeInterval(9 * 3600)
        #expect(DemoDataGenerator.lastDay(at: nineInTheMorning, in: tokyo) == LocalDay(year: 2026, month: 11, day: 24))
    }

    @Test(arguments: [0.5, 7.9, 8.0, 12.0, 23.9])
    func everyDayOfTheHistoryHasItsStepsInThePast(hour: Double) {
        let now = LocalDay(year: 2026, month: 3, day: 1).start(in: tokyo).addingTimeInterval(hour * 3600)
        let steps = DemoDataGenerator(days: 30)
            .records(endingOn: DemoDataGenerator.lastDay(at: now, in: tokyo), timeZone: tokyo)
            .filter { $0.metric == "stepCount" && ($0.start ?? now) <= now }
        #expect(steps.count == 30)
    }
}

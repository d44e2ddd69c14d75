import Foundation
import Health
import Testing
@testable import WaitTimes

@Suite struct WaitForecastTests {
    static let store = OpeningHoursTests.roadside
    static let tokyo = SyntheticHistory.tokyo

    /// Nine synthetic weeks; the last two (which hold 勤労感謝の日, Monday 2026-11-23) are held back. The model sees only
    /// the first seven; the naive baseline ("same slot last week") sees everything up to the day before.
    @Test func beatsTheSameSlotLastWeekBaselineOnHeldBackWeeks() {
        let first = LocalDay("2026-09-28")!, holdoutStart = LocalDay("2026-11-16")!, last = LocalDay("2026-11-29")!
        let all = SyntheticHistory.observations(store: Self.store, from: first, through: last)
        let training = all.filter { LocalInstant($0.observedAt, in: Self.tokyo).day < holdoutStart }
        let actual = Self.slotMeans(all)

        var modelError = 0.0, baselineError = 0.0, count = 0
        var holidayModelError = 0.0, holidayBaselineError = 0.0
        var day = holdoutStart
        while day <= last {
            let forecast = WaitForecast(store: Self.store, day: day, history: training, timeZone: Self.tokyo)
            for slot in forecast.slots {
                guard let truth = actual[Key(day: day, slot: slot.start.minutes / 30)],
                      let baseline = actual[Key(day: day.adding(days: -7), slot: slot.start.minutes / 30)],
                      let expected = slot.expectedMinutes
                else { continue }
                modelError += abs(expected - truth)
                baselineError += abs(baseline - truth)
                count += 1
                if day == LocalDay("2026-11-23")! {
                    holidayModelError += abs(expected - truth)
                    holidayBaselineError += abs(baseline - truth)
                }
            }
            day = day.adding(days: 1)
        }
        #expect(count > 200)
        let modelMAE = modelError / Double(count), baselineMAE = baselineError / Double(count)
        print("forecast MAE \(String(format: "%.1f", modelMAE)) min vs baseline \(String(format: "%.1f", baselineMAE)) min over \(count) slots; holiday Monday \(String(format: "%.1f", holidayModelError)) vs \(String(format: "%.1f", holidayBaselineError)) total")
        #expect(modelMAE < baselineMAE * 0.8, "model \(modelMAE) vs baseline \(baselineMAE)")
        #expect(holidayModelError < holidayBaselineError / 2, "a holiday Monday queues like a Sunday")
    }

    @Test func bestTimeIsTheQuietestSlotAndClosedDaysHaveNone() throws {
        let history = SyntheticHistory.observations(store: Self.store, from: LocalDay("2026-10-01")!, through: LocalDay("2026-11-20")!, noise: 0)
        let saturday = WaitForecast(store: Self.store, day: LocalDay("2026-11-21")!, history: history, timeZone: Self.tokyo)
        #expect(saturday.slots.first?.start == TimeOfDay(10, 30))
        #expect(saturday.slots.last?.start == TimeOfDay(20, 30), "no slot starts after last order")
        let best = try #require(saturday.best)
        #expect((TimeOfDay(14, 30)...TimeOfDay(16, 30)).contains(best.start), "the afternoon lull between the lunch and dinner peaks")
        #expect(best.expectedMinutes.map { $0 < 15 } == true)
        let evening = try #require(saturday.best(from: TimeOfDay(17, 10)))
        #expect(evening.start >= TimeOfDay(17, 0), "later in the day only what is ahead counts")
        #expect(saturday.best(from: TimeOfDay(21, 0)) == nil, "past last order nothing is left")
        let thursday = WaitForecast(store: Self.store, day: LocalDay("2026-11-26")!, history: history, timeZone: Self.tokyo)
        #expect(thursday.slots.isEmpty)
        #expect(thursday.best == nil)
        let noHistory = WaitForecast(store: Self.store, day: LocalDay("2026-11-21")!, history: [], timeZone: Self.tokyo)
        #expect(noHistory.best == nil)
        #expect(!noHistory.slots.isEmpty)
    }

    @Test func theFirstSlotOfAWeekdayStartsWhenTheDoorsOpenNotBefore() throws {
        // Weekdays open at 10:45, so the 10:30–11:00 slot holds only the quarter hour after opening.
        let previousMonday = LocalDay("2026-11-16")!.start(in: Self.tokyo)
        let history = [
            WaitObservation(storeId: Self.store.id, observedAt: previousMonday.addingTimeInterval(10 * 3600 + 50 * 60), minutes: 5, status: .available, source: "t"),
            WaitObservation(storeId: Self.store.id, observedAt: previousMonday.addingTimeInterval(12 * 3600), minutes: 60, status: .available, source: "t"),
        ]
        let monday = WaitForecast(store: Self.store, day: LocalDay("2026-11-30")!, history: history, timeZone: Self.tokyo)
        let opens = try #require(Self.store.hours(on: LocalDay("2026-11-30")!)?.opens)
        #expect(opens == TimeOfDay(10, 45))
        #expect(monday.slots.first?.start == opens)
        #expect(monday.best?.start == opens, "the quietest time is given as a time the store is open")
        #expect(monday.best?.expectedMinutes == 5)
        #expect(monday.slots.dropFirst().first?.start == TimeOfDay(11, 0))
    }

    @Test func heatMapAveragesByWeekdayAndHour() {
        let monday = LocalDay("2026-11-16")!.start(in: Self.tokyo)
        let history = [
            WaitObservation(storeId: "a", observedAt: monday.addingTimeInterval(12 * 3600), minutes: 40, status: .available, source: "t"),
            WaitObservation(storeId: "a", observedAt: monday.addingTimeInterval(12 * 3600 + 1800), minutes: 60, status: .available, source: "t"),
            WaitObservation(storeId: "a", observedAt: monday.addingTimeInterval(13 * 3600), minutes: nil, status: .closed, source: "t"),
        ]
        let map = WaitHeatMap(history: history, timeZone: Self.tokyo)
        #expect(map.cells[0][WaitHeatMap.hours.firstIndex(of: 12)!] == 50)
        #expect(map.cells[0][WaitHeatMap.hours.firstIndex(of: 13)!] == nil)
        #expect(map.cells[1].allSatisfy { $0 == nil })
    }

    struct Key: Hashable {
        let day: LocalDay
        let slot: Int
    }

    static func slotMeans(_ observations: [WaitObservation]) -> [Key: Double] {
        var sums: [Key: (Double, Int)] = [:]
        for observation in observations {
            let local = LocalInstant(observation.observedAt, in: tokyo)
            let key = Key(day: local.day, slot: local.time.minutes / 30)
            sums[key, default: (0, 0)].0 += Double(observation.minutes ?? 0)
            sums[key, default: (0, 0)].1 += 1
        }
        return sums.mapValues { $0.0 / Double($0.1) }
    }
}

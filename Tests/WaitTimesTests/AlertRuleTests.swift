import Foundation
import Health
import Testing
@testable import WaitTimes

@Suite struct AlertRuleTests {
    static let tokyo = OpeningHoursTests.tokyo

    static func observation(_ minutes: Int?, at text: String, store: String = "gotemba-ic", status: WaitObservation.Status = .available) -> WaitObservation {
        WaitObservation(storeId: store, observedAt: OpeningHoursTests.at(text), minutes: minutes, status: status, source: "t")
    }

    @Test func firesWhenTheWaitDropsToTheLimitInsideTheWindowOnly() {
        let rule = AlertRule(storeId: "gotemba-ic", maxMinutes: 30, day: LocalDay("2026-11-22")!, from: TimeOfDay(14, 0), until: TimeOfDay(17, 0))
        #expect(!rule.isTriggered(by: Self.observation(31, at: "2026-11-22 15:00"), timeZone: Self.tokyo))
        #expect(rule.isTriggered(by: Self.observation(30, at: "2026-11-22 15:00"), timeZone: Self.tokyo))
        #expect(!rule.isTriggered(by: Self.observation(10, at: "2026-11-22 13:59"), timeZone: Self.tokyo), "before the window")
        #expect(!rule.isTriggered(by: Self.observation(10, at: "2026-11-22 17:01"), timeZone: Self.tokyo), "after the window")
        #expect(!rule.isTriggered(by: Self.observation(10, at: "2026-11-23 15:00"), timeZone: Self.tokyo), "another day")
        #expect(!rule.isTriggered(by: Self.observation(10, at: "2026-11-22 15:00", store: "kannami"), timeZone: Self.tokyo))
        #expect(!rule.isTriggered(by: Self.observation(nil, at: "2026-11-22 15:00", status: .closed), timeZone: Self.tokyo))
    }

    @Test func firesOnceThenNeverAgain() {
        var rule = AlertRule(storeId: "gotemba-ic", maxMinutes: 30, day: LocalDay("2026-11-22")!)
        let drops = [40, 25, 20, 35, 15].enumerated().map { Self.observation($1, at: "2026-11-22 1\($0):00") }
        var fired = 0
        for observation in drops where rule.isTriggered(by: observation, timeZone: Self.tokyo) {
            fired += 1
            rule.firedAt = observation.observedAt
        }
        #expect(fired == 1)
        #expect(!rule.isActive(at: OpeningHoursTests.at("2026-11-22 16:00"), timeZone: Self.tokyo))
    }

    @Test func activeUntilItsWindowEnds() {
        let rule = AlertRule(storeId: "gotemba-ic", maxMinutes: 30, day: LocalDay("2026-11-22")!, until: TimeOfDay(17, 0))
        #expect(rule.isActive(at: OpeningHoursTests.at("2026-11-22 16:59"), timeZone: Self.tokyo))
        #expect(!rule.isActive(at: OpeningHoursTests.at("2026-11-22 17:01"), timeZone: Self.tokyo))
        #expect(!rule.isActive(at: OpeningHoursTests.at("2026-11-23 10:00"), timeZone: Self.tokyo))
    }
}

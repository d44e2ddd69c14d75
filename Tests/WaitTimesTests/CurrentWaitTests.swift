import Foundation
import Health
import Testing
@testable import WaitTimes

@Suite struct CurrentWaitTests {
    static let tokyo = OpeningHoursTests.tokyo
    static let store = OpeningHoursTests.roadside
    static let noon = OpeningHoursTests.at("2026-11-20 12:00")

    static func wait(_ minutes: Int?, _ status: WaitObservation.Status = .available, ageMinutes: Double = 5, at now: Date = noon) -> CurrentWait {
        let observation = WaitObservation(storeId: store.id, observedAt: now.addingTimeInterval(-ageMinutes * 60), minutes: minutes, groups: 12, status: status, source: "test")
        return CurrentWait(latest: observation, opening: OpeningStatus(store: store, at: now, timeZone: tokyo), now: now)
    }

    @Test func colourBandBoundaries() {
        #expect(Self.wait(0).band == .green)
        #expect(Self.wait(30).band == .green)
        #expect(Self.wait(31).band == .yellow)
        #expect(Self.wait(60).band == .yellow)
        #expect(Self.wait(61).band == .red)
        #expect(Self.wait(240).band == .red)
        #expect(Self.wait(nil, .unavailable).band == .gray)
        #expect(Self.wait(nil, .closed).band == .gray)
    }

    @Test func outsideHoursIsClosedAndGrayWhateverTheLastFigureSaid() {
        let night = OpeningHoursTests.at("2026-11-20 23:00")
        let wait = Self.wait(45, ageMinutes: 100, at: night)
        #expect(wait.status == .closed)
        #expect(wait.minutes == nil)
        #expect(wait.band == .gray)
        #expect(!wait.isStale, "outside hours nothing is expected to update")
    }

    @Test func aFigureOlderThan30MinutesDuringOpeningHoursIsStaleButKept() {
        let fresh = Self.wait(45, ageMinutes: 30)
        #expect(!fresh.isStale)
        let stale = Self.wait(45, ageMinutes: 31)
        #expect(stale.isStale)
        #expect(stale.minutes == 45, "the last value is still shown, with its time")
        #expect(stale.lastUpdated == Self.noon.addingTimeInterval(-31 * 60))
    }

    @Test func noObservationWhileOpenIsUnavailable() {
        let wait = CurrentWait(latest: nil, opening: OpeningStatus(store: Self.store, at: Self.noon, timeZone: Self.tokyo), now: Self.noon)
        #expect(wait.status == .unavailable)
        #expect(wait.band == .gray)
    }

    @Test func receptionClosedIsClosedAndFlagged() {
        let wait = Self.wait(nil, .receptionClosed)
        #expect(wait.status == .closed)
        #expect(wait.receptionClosed)
        #expect(wait.groups == 12)
    }

    @Test func observationValidation() {
        let ok = WaitObservation(storeId: "x", observedAt: Self.noon, minutes: 10, status: .available, source: "t")
        #expect(ok.problem == nil)
        #expect(WaitObservation(storeId: "x", observedAt: Self.noon, minutes: -1, status: .available, source: "t").problem == .minutesOutOfRange)
        #expect(WaitObservation(storeId: "x", observedAt: Self.noon, minutes: nil, status: .available, source: "t").problem == .minutesMissing)
        #expect(WaitObservation(storeId: "x", observedAt: Self.noon, minutes: nil, status: .closed, source: "t").problem == nil)
    }
}

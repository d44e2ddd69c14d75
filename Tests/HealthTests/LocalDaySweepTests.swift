import Foundation
import Health
import Testing

/// A sweep gives every instant the day `LocalDay(_:in:)` gives, across daylight saving, half-hour offsets and zones
/// whose standard offset changed for good (Moscow in 2011 and 2014, Samoa skipping 30 December 2011).
@Suite struct LocalDaySweepTests {
    static let zones = ["America/New_York", "Europe/Moscow", "Pacific/Apia", "Australia/Lord_Howe", "Asia/Kolkata", "Asia/Tokyo"]

    /// Every half hour of six years, in order, then the same again from the start (as the next metric's hours come).
    @Test(arguments: zones)
    func agreesWithTheZoneAtEveryHalfHourWalkedInOrder(identifier: String) throws {
        let zone = try #require(TimeZone(identifier: identifier))
        var sweep = LocalDaySweep(zone)
        let start = 1_262_304_000.0 // 2010-01-01T00:00:00Z
        for pass in 0..<2 {
            for step in stride(from: 0, to: 6 * 366 * 48, by: pass == 0 ? 1 : 7) {
                let instant = Date(timeIntervalSince1970: start + Double(step) * 1_800)
                let day = sweep.day(of: instant)
                let expected = LocalDay(instant, in: zone)
                guard day == expected else {
                    Issue.record("\(identifier) at \(instant): \(day), expected \(expected)")
                    return
                }
            }
        }
    }

    @Test func agreesWhenInstantsComeOutOfOrder() throws {
        let zone = try #require(TimeZone(identifier: "Europe/Moscow"))
        var sweep = LocalDaySweep(zone)
        // Around the change of 26 October 2014 (UTC+4 to UTC+3 at 02:00 local), backwards and jumping.
        let change = 1_414_274_400.0
        let offsets: [Double] = [7_200, -7_200, 3_600, -3_600, 0, -1, 1, 86_400 * 400, -86_400 * 400, -75_600, -75_601]
        for offset in offsets {
            let instant = Date(timeIntervalSince1970: change + offset)
            #expect(sweep.day(of: instant) == LocalDay(instant, in: zone), "at \(instant)")
        }
    }
}

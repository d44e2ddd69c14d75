import Foundation
import Health
import Motivation
import Testing

/// A pause beside the ones already declared: no shared day, and no back-to-back run past the 90-day limit.
@Suite struct PauseNeighboursTests {
    static func day(_ text: String) -> LocalDay { LocalDay(text)! }
    static func pause(_ first: String, _ last: String) throws -> PauseRange { try PauseRange(first: day(first), last: day(last)) }

    @Test func aPauseSharingADayWithAnotherIsRefusedNamingIt() throws {
        let holiday = try Self.pause("2026-11-10", "2026-11-12")
        #expect(throws: MotivationError.pauseOverlaps(first: Self.day("2026-11-10"), last: Self.day("2026-11-12"))) {
            try Self.pause("2026-11-10", "2026-11-12").checkAddable(beside: [holiday])
        }
        #expect(throws: MotivationError.pauseOverlaps(first: Self.day("2026-11-10"), last: Self.day("2026-11-12"))) {
            try Self.pause("2026-11-12", "2026-11-20").checkAddable(beside: [holiday])
        }
        // The day after it ends is free.
        try Self.pause("2026-11-13", "2026-11-20").checkAddable(beside: [holiday])
    }

    @Test func backToBackPausesCountAsOneRun() throws {
        let first = try Self.pause("2026-01-01", "2026-03-01") // 60 days
        let between = try Self.pause("2026-03-10", "2026-03-20")
        // 2 March – 9 March joins both: 1 January – 20 March, 79 days, allowed.
        try Self.pause("2026-03-02", "2026-03-09").checkAddable(beside: [first, between])
        // 2 March – 31 March runs on from the first: 1 January – 31 March is 90 days, still allowed…
        try Self.pause("2026-03-21", "2026-03-31").checkAddable(beside: [first, try Self.pause("2026-03-02", "2026-03-20")])
        // …one more day is not.
        #expect(throws: MotivationError.pausesInARowTooLong(first: Self.day("2026-01-01"), last: Self.day("2026-04-01"), days: 91)) {
            try Self.pause("2026-03-02", "2026-04-01").checkAddable(beside: [first])
        }
        // A gap of one day keeps them apart.
        try Self.pause("2026-03-03", "2026-04-01").checkAddable(beside: [first])
    }
}

import Foundation
import Health
import Testing
@testable import Workouts

/// Wall-clock times in Strong and Hevy exports: read in the owner's zone, month names spelt as Hevy writes them and
/// nothing looser (found by `make fuzz`: "15 FebJan 2024" was read as 15 February).
@Suite struct LocalDateTimeTests {
    let tokyo = TimeZone(identifier: "Asia/Tokyo")!

    private func shown(_ text: String) -> String? {
        LocalDateTime.parse(text, in: tokyo).map { LocalDateTime.format($0, in: tokyo) }
    }

    @Test func readsHevyMonthsInShortAndFullForms() {
        #expect(shown("15 Jan 2024, 07:30") == "2024-01-15 07:30:00")
        #expect(shown("5 January 2024, 07:30:15") == "2024-01-05 07:30:15")
        #expect(shown("30 Sept 2024, 18:05") == "2024-09-30 18:05:00")
        #expect(shown("1 dec 2023, 23:59") == "2023-12-01 23:59:00")
    }

    @Test func refusesMisspeltMonths() {
        for text in ["15 FebJan 2024, 07:30", "15 Feb\u{16}an 2024, 07:30", "15 Febx 2024, 07:30", "15 Ja 2024, 07:30",
                     "15 Janury 2024, 07:30"] {
            #expect(LocalDateTime.parse(text, in: tokyo) == nil, "\(text)")
        }
    }

    @Test func refusesDaysTheCalendarLacks() {
        #expect(LocalDateTime.parse("30 Feb 2024, 07:30", in: tokyo) == nil)
        #expect(LocalDateTime.parse("2023-02-29 07:30:00", in: tokyo) == nil)
        #expect(shown("29 Feb 2024, 07:30") == "2024-02-29 07:30:00")
    }
}

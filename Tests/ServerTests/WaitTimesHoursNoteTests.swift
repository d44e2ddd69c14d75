import Foundation
import Hummingbird
import HummingbirdTesting
@testable import Server
import Storage
import Testing

/// The note under a store's week of hours is two sentences; it ran them together ("…1 Jan Tap a date…").
@Suite struct WaitTimesHoursNoteTests {
    @Test func theHoursNoteEndsItsFirstSentenceBeforeTheForecastHint() async throws {
        let clock = TestClock(Tokyo.at("2026-11-20 12:00"))
        let (server, _) = try await TestServer.waitTimes(at: clock)
        try await server.test { client in
            let japanese = try await client.execute(uri: "/sawayaka/kannami", method: .get, headers: [.acceptLanguage: "ja"]).text
            #expect(japanese.contains("12/31・1/1 休み。 日付をタップすると"))
            let english = try await client.execute(uri: "/sawayaka/kannami", method: .get, headers: [.acceptLanguage: "en"]).text
            #expect(english.contains("31 Dec and 1 Jan. Tap a date"))
        }
    }
}

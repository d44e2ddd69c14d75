import Foundation
import Hummingbird
import HummingbirdTesting
@testable import Server
import Storage
import Testing

/// Numbers as people write them in Japanese and English: "8,000" is eight thousand, as Kiroku's own pages print it,
/// while "62,5" (a decimal comma) stays 62.5.
@Suite struct GroupedNumberTests {
    @Test func aRecordTypedWithThousandsSeparatorsIsStoredAsThatNumber() async throws {
        let server = try TestServer()
        try await server.test { client in
            var browser = WebSession(client)
            _ = try await browser.signUp("hanako")
            for (metric, typed, when) in [("stepCount", "8,000", "2026-01-10T07:00"), ("stepCount", "１２，３４５", "2026-01-11T07:00"),
                                          ("bodyMass", "62,5", "2026-01-12T07:00")] {
                let saved = try await browser.submit(page: "/records", to: "/records", form: ["metric": metric, "value": typed, "when": when])
                #expect(saved.status == .seeOther, "\(typed)")
            }
            let userId = try #require(try await server.database.user(username: "hanako")?.id)
            let stored = try await server.database.allRecords(userId: userId).sorted { $0.startAt < $1.startAt }
            #expect(stored.map(\.value) == [8_000, 12_345, 62.5], "8,000 steps were stored as 8.0")
        }
    }

    @Test(arguments: [("8,000", "8000"), ("1,234,567.5", "1234567.5"), ("-1,000", "-1000"), ("62,5", "62.5"), ("1,5", "1.5"),
                      ("12,34", "12.34"), ("６２．５", "62.5"), ("1,0000", "1.0000")])
    func typedNumbersReadCommasByTheirGrouping(typed: String, read: String) {
        #expect(WebFormatting.typedNumber(typed) == read)
    }
}

import Foundation
import Hummingbird
import HummingbirdTesting
import Services
import Storage
import Testing

/// The monthly report's table left a cell blank where the month has no such figure (a total of weights, a change
/// with no previous month), so a blank read as "not loaded" and a screen reader said nothing. Such a cell shows
/// "—" and says "no data" to a screen reader, in Japanese and English.
@Suite struct MonthlyReportEmptyCellsTests {
    /// 25 November 2026, 12:00 in Tokyo.
    static let now: @Sendable () -> Date = { Date(timeIntervalSince1970: 1_795_575_600) }

    /// The `<td>` cells of the table row of `metric`.
    static func cells(_ page: String, metric: String) -> [String] {
        guard let start = page.range(of: "<tr data-metric=\"\(metric)\">"),
              let end = page.range(of: "</tr>", range: start.upperBound..<page.endIndex)
        else { return [] }
        return page[start.upperBound..<end.lowerBound].components(separatedBy: "<td").dropFirst().map { String($0) }
    }

    @Test func aCellWithoutDataShowsADashAndSaysSo() async throws {
        let server = try TestServer(clock: Self.now)
        try await server.test { client in
            var web = WebSession(client)
            _ = try await web.signUp("kiyomi")
            let user = try #require(try await server.database.user(username: "kiyomi"))
            let (token, _) = try await server.accounts.createToken(for: user.id!, name: "t", now: Self.now())
            var records: [[String: Any]] = (1...10).map { ["metric": "weight", "value": 60, "start": String(format: "2026-10-%02dT00:00:00Z", $0)] }
            records += (1...10).map { ["metric": "steps", "value": 7000, "start": String(format: "2026-10-%02dT03:00:00Z", $0)] }
            let posted = try await client.execute(uri: "/api/v1/records", method: .post, headers: .bearer(token), body: jsonBody(["records": records]))
            #expect(posted.status.code < 300, "\(posted.text)")

            let japanese = try await web.get("/reports/2026-10").text
            let weight = Self.cells(japanese, metric: "bodyMass")
            #expect(weight.count == 5, "\(japanese)")
            let empty = #"<span aria-hidden="true">—</span><span class="visually-hidden">データなし</span></td>"#
            #expect(weight.dropFirst(2).first?.hasSuffix(empty) == true, "a weight has no total: \(weight)")
            #expect(weight.last?.hasSuffix(empty) == true, "no September to compare with: \(weight)")
            #expect(Self.cells(japanese, metric: "stepCount").dropFirst(2).first?.contains("70,000") == true, "a total is still shown")
            #expect(!japanese.contains("<td class=\"report-total\"></td>"))
            #expect(!japanese.contains("<td class=\"report-change\"></td>"))

            try await RefusedFormsKeepTypingTests.readInEnglish(&web, name: "kiyomi")
            let english = try await web.get("/reports/2026-10").text
            #expect(Self.cells(english, metric: "bodyMass").last?.hasSuffix(#"<span class="visually-hidden">No data</span></td>"#) == true)
        }
    }
}

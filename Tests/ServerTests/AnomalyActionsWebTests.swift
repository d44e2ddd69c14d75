import Foundation
import Hummingbird
import HummingbirdTesting
import Health
import Services
import Storage
import Testing

/// The one-tap answers beside a flagged value: "this is right" stops flagging that day, on the metric page and in
/// the insights alike; "delete it" deletes that metric's records of that day and nothing else. Each comes back to
/// the page it was pressed on, and pressing it twice changes nothing more.
@Suite struct AnomalyActionsWebTests {
    /// 60 days of steps up to 24 November with two planted days: 45,000 on the 20th and 41,000 on the 12th; a
    /// weight every day that must survive the steps' deletion.
    static func seed(_ database: AppDatabase, userId: Int64) async throws {
        let formatter = ISO8601DateFormatter()
        let last = formatter.date(from: "2026-11-24T03:00:00Z")!
        var records: [HealthRecord] = []
        for index in 0..<60 {
            let at = last.addingTimeInterval(-Double(59 - index) * 86_400)
            var steps = Double(4_000 + ((index * 37) % 97) * 100)
            if index == 55 { steps = 45_000 }
            if index == 47 { steps = 41_000 }
            records.append(HealthRecord(userId: userId, metric: "stepCount", value: steps, originalValue: steps, originalUnit: "count",
                                        startAt: at, endAt: at, source: .manual, createdAt: at))
            records.append(HealthRecord(userId: userId, metric: "bodyMass", value: 60, originalValue: 60, originalUnit: "kg",
                                        startAt: at, endAt: at, source: .manual, createdAt: at))
        }
        _ = try await database.insertRecords(records)
    }

    static func flaggedDays(_ html: String) -> [String] {
        html.components(separatedBy: #"name="day" value=""#).dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) }
    }

    @Test func thisIsRightAndDeleteItAnswerAFlaggedDay() async throws {
        let server = try TestServer(clock: InsightsReportAPITests.now)
        try await server.test { client in
            var browser = WebSession(client)
            _ = try await browser.signUp("alice")
            let alice = try #require(try await server.database.user(username: "alice"))
            try await Self.seed(server.database, userId: alice.id!)
            let page = "/trends/stepCount?period=month&date=2026-11-20"
            let before = try await browser.get(page).text
            #expect(Set(Self.flaggedDays(before)).isSuperset(of: ["2026-11-20", "2026-11-12"]), "\(Self.flaggedDays(before))")

            let confirmed = try await browser.submit(page: page, to: "/insights/anomalies/confirm", form: ["metric": "stepCount", "day": "2026-11-20", "back": page])
            #expect(confirmed.status == .found)
            #expect(confirmed.headers[.location] == page, "back to the page the button was on")
            let afterConfirm = try await browser.get(page).text
            #expect(!Self.flaggedDays(afterConfirm).contains("2026-11-20"), "a confirmed day is not flagged again")
            #expect(Self.flaggedDays(afterConfirm).contains("2026-11-12"))
            let insights = try await browser.get("/insights").text
            #expect(!Self.flaggedDays(insights).contains("2026-11-20"), "nor in the insights")
            let again = try await browser.submit(page: page, to: "/insights/anomalies/confirm", form: ["metric": "stepCount", "day": "2026-11-20", "back": page])
            #expect(again.status == .found, "confirming twice is harmless")

            let records = try await server.database.recordCount(userId: alice.id!)
            let deleted = try await browser.submit(page: "/insights", to: "/insights/anomalies/delete", form: ["metric": "stepCount", "day": "2026-11-12", "back": "/insights"])
            #expect(deleted.headers[.location] == "/insights")
            #expect(try await server.database.recordCount(userId: alice.id!) == records - 1, "only that day's steps went; its weight stayed")
            #expect(!Self.flaggedDays(try await browser.get(page).text).contains("2026-11-12"))
            _ = try await browser.submit(page: "/insights", to: "/insights/anomalies/delete", form: ["metric": "stepCount", "day": "2026-11-12", "back": "/insights"])
            #expect(try await server.database.recordCount(userId: alice.id!) == records - 1, "pressing it again deletes nothing more")

            let nonsense = try await browser.submit(page: page, to: "/insights/anomalies/delete", form: ["metric": "stepCount", "day": "yesterday", "back": page])
            #expect(nonsense.status == .badRequest)
            #expect(try await server.database.recordCount(userId: alice.id!) == records - 1)
            let offsite = try await browser.submit(page: page, to: "/insights/anomalies/confirm", form: ["metric": "stepCount", "day": "2026-11-20", "back": "https://evil.example/"])
            #expect(offsite.headers[.location] == "/", "never sent elsewhere")
        }
    }
}

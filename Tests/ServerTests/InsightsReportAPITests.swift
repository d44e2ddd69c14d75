import Foundation
import Hummingbird
import HummingbirdTesting
import Health
import Services
import Storage
import Testing

@Suite struct InsightsReportAPITests {
    static let now: @Sendable () -> Date = { ISO8601DateFormatter().date(from: "2026-11-25T03:00:00Z")! }

    /// 60 days up to 24 November: steps that jump about from day to day, a mood that follows them the same
    /// day, and one planted 45,000-step day on the 20th.
    static func stepsAndMood() -> [[String: Any]] {
        let formatter = ISO8601DateFormatter()
        let last = formatter.date(from: "2026-11-24T03:00:00Z")!
        var records: [[String: Any]] = []
        for index in 0..<60 {
            let at = formatter.string(from: last.addingTimeInterval(-Double(59 - index) * 86_400))
            let level = (index * 37) % 97 // 0…96, scrambled
            var steps = 4_000 + level * 100
            if index == 55 { steps = 45_000 }
            let mood = 1 + Int((Double(level) / 96 * 4).rounded())
            records.append(["metric": "steps", "value": steps, "start": at])
            records.append(["metric": "mood", "value": mood, "start": at])
        }
        return records
    }

    @Test func insightsFindMoodFollowingStepsAndFlagThePlantedDay() async throws {
        let server = try TestServer(clock: Self.now)
        let (_, token) = try await server.user("alice")
        try await server.test { client in
            let posted = try await client.execute(uri: "/api/v1/records", method: .post, headers: .bearer(token), body: jsonBody(["records": Self.stepsAndMood()]))
            #expect(posted.status.code < 300, "\(posted.text)")
            let body = try await client.execute(uri: "/api/v1/insights", method: .get, headers: .bearer(token)).json()
            #expect(body["from"] as? String == "2026-08-28")
            #expect(body["to"] as? String == "2026-11-25")
            #expect((body["series"] as? [String])?.contains("mood") == true)
            #expect((body["testedCount"] as? Int ?? 0) > 0)
            let insights = body["insights"] as? [[String: Any]] ?? []
            // One same-day relationship, told once: by the correlation or by the "8,000 steps" factor.
            let sameDayIds = ["mood~stepCount@0", "stepCount~mood@0", "walkedEightThousandSteps~mood@0"]
            let sameDay = insights.first { sameDayIds.contains($0["id"] as? String ?? "") }
            #expect(insights.filter { sameDayIds.contains($0["id"] as? String ?? "") }.count == 1)
            #expect(sameDay != nil, "ids: \(insights.map { $0["id"] ?? "" })")
            if let sameDay {
                #expect((sameDay["strength"] as? Double ?? 0) > 0.3)
                #expect((sameDay["qValue"] as? Double ?? 1) < 0.05)
                #expect(["low", "medium", "high"].contains(sameDay["confidence"] as? String ?? ""))
                #expect(((sameDay["text"] as? [String: Any])?["en"] as? String)?.contains("mood") == true)
            }
            let anomalies = body["anomalies"] as? [[String: Any]] ?? []
            #expect(anomalies.contains { $0["metric"] as? String == "stepCount" && $0["day"] as? String == "2026-11-20" })
            let advice = body["advice"] as? [[String: Any]] ?? []
            #expect(advice.contains { $0["id"] as? String == "checkAnomaly" && $0["metric"] as? String == "stepCount" })
        }
    }

    @Test func theMonthlyReportsFiguresAreTheMetricPagesFigures() async throws {
        let server = try TestServer(clock: Self.now)
        let (_, token) = try await server.user("alice")
        try await server.test { client in
            var records = Self.stepsAndMood()
            for day in 1...31 {
                records.append(["metric": "weight", "value": 70 + Double(day % 5) / 10, "start": String(format: "2026-10-%02dT22:00:00Z", day)])
            }
            _ = try await client.execute(uri: "/api/v1/records", method: .post, headers: .bearer(token), body: jsonBody(["records": records]))
            let report = try await client.execute(uri: "/api/v1/reports/monthly/2026-10", method: .get, headers: .bearer(token)).json()
            #expect(report["from"] as? String == "2026-10-01")
            #expect(report["to"] as? String == "2026-10-31")
            let metrics = report["metrics"] as? [[String: Any]] ?? []
            #expect(Set(metrics.compactMap { $0["metric"] as? String }).isSuperset(of: ["stepCount", "mood", "bodyMass"]))
            for metric in ["stepCount", "mood", "bodyMass"] {
                let page = try await client.execute(uri: "/api/v1/trends/\(metric)?period=month&date=2026-10-15", method: .get, headers: .bearer(token)).json()
                let entry = try #require(metrics.first { $0["metric"] as? String == metric })
                let fromReport = try JSONSerialization.data(withJSONObject: entry["figures"] ?? [:], options: .sortedKeys)
                let fromPage = try JSONSerialization.data(withJSONObject: page["figures"] ?? [:], options: .sortedKeys)
                #expect(fromReport == fromPage, "\(metric): report and page agree to the last digit")
                let reportChange = try JSONSerialization.data(withJSONObject: entry["changeFromPrevious"] ?? [:], options: .sortedKeys)
                let pageChange = try JSONSerialization.data(withJSONObject: page["changeFromPrevious"] ?? [:], options: .sortedKeys)
                #expect(reportChange == pageChange, "\(metric)")
            }
            #expect(report["weight"] != nil)

            let bad = try await client.execute(uri: "/api/v1/reports/monthly/2026-13", method: .get, headers: .bearer(token, language: "ja"))
            #expect(bad.status == .badRequest)
            #expect(bad.errorCode == "invalid_month")
            #expect(bad.errorMessage?.contains("YYYY-MM") == true)
        }
    }

    @Test func theReportAndInsightsPagesRenderInBothLanguages() async throws {
        let server = try TestServer(clock: Self.now)
        try await server.test { client in
            var browser = WebSession(client)
            _ = try await browser.signUp("hanako")
            let user = try #require(try await server.database.user(username: "hanako"))
            let (token, _) = try await server.accounts.createToken(for: user.id!, name: "t", now: Date())
            _ = try await client.execute(uri: "/api/v1/records", method: .post, headers: .bearer(token), body: jsonBody(["records": Self.stepsAndMood()]))
            let report = try await browser.get("/reports/2026-10").text
            #expect(report.contains("月次レポート 2026-10"))
            #expect(report.contains("data-metric=\"stepCount\""))
            #expect(report.contains("href=\"/trends/stepCount?period=month&amp;date=2026-10-01\""))
            let insights = try await browser.get("/insights").text
            #expect(insights.contains("id=\"insights\""))
            #expect(insights.contains("data-advice=\"checkAnomaly\""))
            #expect(insights.contains("確からしさ"))
            let latest = try await browser.get("/reports")
            #expect(latest.headers[.location] == "/reports/2026-10")
            let dashboard = try await browser.get("/").text
            #expect(dashboard.contains("href=\"/trends/stepCount\""), "every tile links to its trends page")
            let unknown = try await browser.get("/trends/happiness")
            #expect(unknown.status == .notFound)
            #expect(unknown.text.contains("「happiness」という記録項目はありません"))
            let everything = try await browser.get("/trends").text
            #expect(everything.contains("href=\"/trends/mood\""))
        }
    }
}

@Suite struct MonthlyReportInboxTests {
    @Test func theFirstVisitOfAMonthPostsLastMonthsReportOnceAndOnlyWithData() async throws {
        let server = try TestServer(clock: { ISO8601DateFormatter().date(from: "2026-11-01T01:00:00Z")! })
        try await server.test { client in
            var browser = WebSession(client)
            _ = try await browser.signUp("hanako")
            let user = try #require(try await server.database.user(username: "hanako"))
            _ = try await browser.get("/")
            #expect(try await server.database.inbox(userId: user.id!).isEmpty, "no records in October, no report")

            let (token, _) = try await server.accounts.createToken(for: user.id!, name: "t", now: Date())
            let records: [[String: Any]] = (1...20).map { ["metric": "steps", "value": 8000, "start": String(format: "2026-10-%02dT03:00:00Z", $0)] }
            _ = try await client.execute(uri: "/api/v1/records", method: .post, headers: .bearer(token), body: jsonBody(["records": records]))
            _ = try await browser.get("/")
            _ = try await browser.get("/")
            // Badges earned by the same records arrive in the inbox too; the report is the one monthly-report message.
            let inbox = try await server.database.inbox(userId: user.id!).filter { $0.kind == "monthly-report" }
            #expect(inbox.count == 1, "posted once however often the dashboard is opened")
            #expect(inbox.first?.kind == "monthly-report")
            #expect(inbox.first?.title.ja == "2026-10 の月次レポート")
            #expect(inbox.first?.body.ja.contains("1日平均 8,000歩") == true)
            #expect(inbox.first?.body.en.contains("Report: /reports/2026-10") == true)
        }
    }
}

import Foundation
import Hummingbird
import HummingbirdTesting
import Health
import Server
import Storage
import Testing

@Suite struct DashboardWebTests {
    @Test func dashboardShowsTodaysTilesBMIAndTheDistanceToTheTarget() async throws {
        let server = try TestServer()
        try await server.test { client in
            var browser = WebSession(client)
            _ = try await browser.signUp("hanako")
            let before = try await browser.get("/").text
            #expect(!before.contains("id=\"body-facts\""), "no weight yet, nothing to say about the body")

            _ = try await browser.submit(page: "/records", to: "/records", form: ["metric": "bodyMass", "value": "70"])
            let hint = try await browser.get("/").text
            #expect(hint.contains("身長と目標体重"))

            _ = try await browser.submit(page: "/settings", to: "/settings/profile", form: ["heightCm": "170", "targetWeightKg": "65", "timeZone": "Asia/Tokyo", "language": "ja", "displayName": "はなこ"])
            let page = try await browser.get("/").text
            #expect(page.contains("BMI 24.2"))
            #expect(page.contains("普通体重"))
            #expect(page.contains("目標まであと 5.0 kg"))
            #expect(page.contains("id=\"tile-bodyMass\""))
            #expect(page.contains("class=\"kc-goal\""), "the target weight is drawn on the chart")
            #expect(page.contains("目標 65.0 kg"))
        }
    }

    /// Issue 15: the weight tile showed the day's mean (61.0) beside a BMI and "kg to go" from the latest weigh-in (62.0).
    @Test func theWeightTileShowsTheLatestWeighInWithItsTime() async throws {
        let evening = Tokyo.at("2026-11-22 22:00")
        let server = try TestServer(clock: { evening })
        try await server.test { client in
            var browser = WebSession(client)
            _ = try await browser.signUp("hanako")
            _ = try await browser.submit(page: "/records", to: "/records", form: ["metric": "bodyMass", "value": "60", "when": "2026-11-22T07:00"])
            _ = try await browser.submit(page: "/records", to: "/records", form: ["metric": "bodyMass", "value": "62", "when": "2026-11-22T21:30"])
            _ = try await browser.submit(page: "/settings", to: "/settings/profile", form: ["heightCm": "170", "targetWeightKg": "60", "timeZone": "Asia/Tokyo", "language": "ja", "displayName": "はなこ"])
            let page = try await browser.get("/").text
            let tile = try #require(page.range(of: #"<li class="tile" id="tile-bodyMass">[\s\S]*?</li>"#, options: .regularExpression))
            #expect(page[tile].contains(#"<span class="tile-value">62.0</span>"#), "the latest weigh-in, not the day's mean: \(page[tile])")
            #expect(page[tile].contains("最新 2026-11-22 21:30"), "labelled with its time")
            #expect(page.contains("目標まであと 2.0 kg"), "the same figure as the target line")
        }
    }

    @Test func rangeSwitchChangesTheChartSpanAndIgnoresUnknownRanges() async throws {
        let server = try TestServer()
        try await server.test { client in
            var browser = WebSession(client)
            _ = try await browser.signUp("hanako")
            let year = try await browser.get("/?range=365").text
            #expect(year.contains("href=\"/?range=365\" aria-current=\"true\""))
            let odd = try await browser.get("/?range=12345").text
            #expect(odd.contains("href=\"/?range=30\" aria-current=\"true\""))
        }
    }

    @Test func allTimeShowsAnOldImportedHistoryWithMonthlyStepBars() async throws {
        let server = try TestServer()
        try await server.test { client in
            var browser = WebSession(client)
            _ = try await browser.signUp("hanako")
            let user = try #require(try await server.database.user(username: "hanako"))
            // Three years ago: outside every fixed range, as an imported history usually is.
            let start = Date().addingTimeInterval(-3 * 365 * 86_400)
            var records: [HealthRecord] = []
            for day in 0..<70 {
                let at = start.addingTimeInterval(Double(day) * 86_400)
                records.append(HealthRecord(userId: user.id!, metric: "stepCount", value: 6_000, originalValue: 6_000, originalUnit: "count",
                                            startAt: at, endAt: at.addingTimeInterval(3_600), source: .import, createdAt: Date()))
                records.append(HealthRecord(userId: user.id!, metric: "bodyMass", value: 60 + Double(day) / 10, originalValue: 60, originalUnit: "kg",
                                            startAt: at, endAt: at, source: .import, createdAt: Date()))
            }
            _ = try await server.database.insertRecords(records)

            let year = try await browser.get("/?range=365").text
            #expect(year.components(separatedBy: "class=\"kc-bar\"").count == 1, "nothing from three years ago in the last year")

            let all = try await browser.get("/?range=all").text
            #expect(all.contains("href=\"/?range=all\" aria-current=\"true\""))
            #expect(all.contains("全期間"))
            #expect(all.contains("歩数（月ごとの1日平均）"))
            // 70 days span three calendar months, so three monthly bars; every day's weight is a point.
            let bars = all.components(separatedBy: "class=\"kc-bar\"").count - 1
            #expect((3...4).contains(bars), "one bar per month with data, got \(bars)")
            #expect(all.contains("6,000") || all.contains("6000"), "the monthly average of 6,000 steps a day is labelled")
        }
    }

    @Test func signedOutVisitorsAreSentToSignIn() async throws {
        let server = try TestServer()
        try await server.test { client in
            var browser = WebSession(client)
            let response = try await browser.get("/")
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/signin")
        }
    }
}

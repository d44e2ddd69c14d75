import Foundation
import Hummingbird
import HummingbirdTesting
import Health
import Storage
import Testing

/// The sleep page draws each night as a stack of stages, with the average per stage in words beside it; a night is
/// dated by the morning it ended in both of its charts.
@Suite struct SleepStagesWebTests {
    @Test func theSleepPageStacksEachNightByStage() async throws {
        let server = try TestServer(clock: InsightsReportAPITests.now)
        try await server.test { client in
            let (alice, token) = try await server.user("alice")
            var browser = WebSession(client)
            _ = try await browser.submit(page: "/signin", to: "/signin", form: ["username": "alice", "password": "correct horse battery"])
            let formatter = ISO8601DateFormatter()
            var records: [HealthRecord] = []
            for night in 0..<5 {
                let evening = formatter.date(from: "2026-11-1\(night)T14:00:00Z")!  // 23:00 in Tokyo
                for (offset, stage, minutes) in [(0.0, "HKCategoryValueSleepAnalysisAsleepCore", 200.0), (12_000, "HKCategoryValueSleepAnalysisAsleepDeep", 60), (15_600, "HKCategoryValueSleepAnalysisAsleepREM", 90)] {
                    let start = evening.addingTimeInterval(offset)
                    records.append(HealthRecord(userId: alice.id!, metric: "sleepAnalysis", value: minutes, originalValue: minutes * 60, originalUnit: "s",
                                                startAt: start, endAt: start.addingTimeInterval(minutes * 60), source: .import,
                                                metadata: ["HKCategoryValue": stage], createdAt: start))
                }
            }
            _ = try await server.database.insertRecords(records)
            let page = try await browser.get("/trends/sleepAnalysis?period=month&date=2026-11-15").text
            #expect(page.contains(#"id="sleep-stages""#))
            #expect(page.contains("kc-stacked-bar-chart"))
            #expect(page.components(separatedBy: #"class="kc-stack-part""#).count - 1 == 15, "five nights of three stages")
            #expect(page.contains("深い睡眠") || page.contains("Deep"))
            // Both charts date a night by the morning it ended, and the page says so; the daily bars carry their unit.
            #expect(page.contains(#"id="sleep-night-note""#) && page.contains("目覚めた日の分"))
            #expect(!page.contains("寝始めた日"), "no excuse for two rules")
            let daily = page.components(separatedBy: #"id="sleep-stages""#).first ?? ""
            #expect(daily.contains(" 分</title>") || daily.contains(" 分<"), "the daily bars' values say minutes")
            let api = try await client.execute(uri: "/api/v1/trends/sleepAnalysis?period=month&date=2026-11-15", method: .get, headers: .bearer(token)).json()
            let nights = api["sleepStages"] as? [[String: Any]] ?? []
            #expect(nights.count == 5)
            #expect(nights.first?["night"] as? String == "2026-11-11", "the night from 23:00 on the 10th ends on the 11th")
            #expect(nights.first?["deep"] as? Double == 60 && nights.first?["core"] as? Double == 200 && nights.first?["rem"] as? Double == 90)
            // The daily bars and the stages chart give each night the same day and the same minutes.
            let points = api["points"] as? [[String: Any]] ?? []
            #expect(points.map { $0["day"] as? String } == nights.map { $0["night"] as? String })
            #expect(points.map { $0["value"] as? Double } == nights.map { night in
                ["deep", "core", "rem", "unspecified"].map { night[$0] as? Double ?? 0 }.reduce(0, +)
            })
            #expect(points.allSatisfy { $0["value"] as? Double == 350 }, "each night whole, not cut at midnight")
            let steps = try await browser.get("/trends/stepCount?period=month").text
            #expect(!steps.contains(#"id="sleep-stages""#), "only the sleep page has it")
        }
    }
}

import Foundation
import Health
import Hummingbird
import HummingbirdTesting
import Storage
import Testing

/// The sleep page's year drew its nightly bars over the whole year but its stages chart over the nights alone: a June
/// of sleep filled the second chart edge to edge under a first chart that put it in the middle of the year. Both
/// charts now span the requested year.
@Suite struct SleepStagesSpanTests {
    /// Thirty nights from 1 to 30 June 2025, each four hours of core sleep from 23:00 in Tokyo and then one of deep.
    static func june(of userId: Int64) -> [HealthRecord] {
        let firstEvening = ISO8601DateFormatter().date(from: "2025-06-01T14:00:00Z")!
        return (0..<30).flatMap { night in
            [(0.0, "HKCategoryValueSleepAnalysisAsleepCore", 240.0), (14_400, "HKCategoryValueSleepAnalysisAsleepDeep", 60)].map { offset, stage, minutes in
                let start = firstEvening.addingTimeInterval(Double(night) * 86_400 + offset)
                return HealthRecord(userId: userId, metric: "sleepAnalysis", value: minutes, originalValue: minutes * 60, originalUnit: "s",
                                    startAt: start, endAt: start.addingTimeInterval(minutes * 60), source: .import,
                                    metadata: ["HKCategoryValue": stage], createdAt: start)
            }
        }
    }

    /// The 2025 sleep page of a new user whose only nights are that June.
    static func yearPage(_ client: any TestClientProtocol, server: TestServer) async throws -> String {
        var browser = WebSession(client)
        _ = try await browser.signUp("alice")
        let alice = try #require(try await server.database.user(username: "alice"))
        _ = try await server.database.insertRecords(Self.june(of: alice.id!))
        return try await browser.get("/trends/sleepAnalysis?period=year&date=2025-06-15").text
    }

    @Test func theStagesChartCoversTheWholeYear() async throws {
        let server = try TestServer(clock: InsightsReportAPITests.now)
        try await server.test { client in
            let page = try await Self.yearPage(client, server: server)
            let nightly = try #require(PageChart("bar-chart", in: page))
            let stages = try #require(PageChart("stacked-bar-chart", in: page))
            #expect(stages.xLabels.last == "12/31", "the axis reaches the year's end: \(stages.xLabels)")
            #expect(stages.xLabels.first.map { ["1/", "2/", "3/"].contains(where: $0.hasPrefix) } == true, "and starts in its first months: \(stages.xLabels)")
            #expect(stages.xLabels == nightly.xLabels, "under the same dates as the nightly bars")
            let first = try #require(stages.rects("kc-stack-part").first)
            #expect(first.x > stages.plotX.lowerBound + stages.plotWidth / 3, "June sits inside the year, not at its left edge: \(first.x)")
        }
    }

    @Test func aYearsStagesAreWeeksLikeTheNightlyBars() async throws {
        let server = try TestServer(clock: InsightsReportAPITests.now)
        try await server.test { client in
            let page = try await Self.yearPage(client, server: server)
            let nightly = try #require(PageChart("bar-chart", in: page)).rects("kc-bar")
            let stages = try #require(PageChart("stacked-bar-chart", in: page))
            let stacks = Dictionary(grouping: stages.rects("kc-stack-part"), by: \.x)
            #expect(stacks.count == nightly.count, "one stack per week with nights, as the nightly bars: \(stacks.count) and \(nightly.count)")
            #expect(stacks.keys.sorted() == nightly.map(\.x).sorted())
            #expect(stacks.values.allSatisfy { $0.allSatisfy { abs($0.width - nightly[0].width) < 0.01 } }, "each a week wide (\(nightly[0].width) px)")
            // The average night of each week: four hours of core sleep and one of deep, named by the week's days.
            #expect(stages.svg.contains("6/2–6/8 深い睡眠 1.0"), "\(stages.svg)")
            #expect(stages.svg.contains("6/2–6/8 コア睡眠 4.0"))
            #expect(stages.svg.contains("週分"), "the summary counts weeks")
        }
    }
}

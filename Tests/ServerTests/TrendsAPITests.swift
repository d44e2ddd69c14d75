import Foundation
import Hummingbird
import HummingbirdTesting
import Services
import Storage
import Testing

@Suite struct TrendsAPITests {
    /// Noon in Tokyo (UTC+9) of a day: unambiguously that local day.
    static func tokyoNoon(_ day: String) -> String { "\(day)T03:00:00Z" }

    static let now: @Sendable () -> Date = { ISO8601DateFormatter().date(from: "2026-11-25T03:00:00Z")! }

    @Test func customRangeFiguresMatchHandComputedValues() async throws {
        let server = try TestServer(clock: Self.now)
        let (_, token) = try await server.user("alice")
        try await server.test { client in
            let records: [[String: Any]] = [
                ["metric": "steps", "value": 1000, "start": Self.tokyoNoon("2026-03-01")],
                ["metric": "steps", "value": 3000, "start": Self.tokyoNoon("2026-03-02")],
                ["metric": "steps", "value": 2000, "start": Self.tokyoNoon("2026-03-04")],
                // 23:30 on the 4th in Tokyo is 14:30Z: still the 4th there, so the 4th totals 6,000.
                ["metric": "steps", "value": 4000, "start": "2026-03-04T14:30:00Z"],
                // 00:30 on the 8th in Tokyo is 15:30Z on the 7th: outside the range.
                ["metric": "steps", "value": 9000, "start": "2026-03-07T15:30:00Z"],
                // The seven days before: two days averaging 3,000.
                ["metric": "steps", "value": 2000, "start": Self.tokyoNoon("2026-02-25")],
                ["metric": "steps", "value": 4000, "start": Self.tokyoNoon("2026-02-26")],
                // A year earlier: one day only, too few for a comparison.
                ["metric": "steps", "value": 5000, "start": Self.tokyoNoon("2025-03-03")],
            ]
            let posted = try await client.execute(uri: "/api/v1/records", method: .post, headers: .bearer(token), body: jsonBody(["records": records]))
            #expect(posted.status == .created || posted.status == .ok)

            let body = try await client.execute(
                uri: "/api/v1/trends/steps?period=custom&from=2026-03-01&to=2026-03-07", method: .get, headers: .bearer(token)
            ).json()
            #expect(body["metric"] as? String == "stepCount")
            #expect(body["period"] as? String == "custom")
            #expect(body["from"] as? String == "2026-03-01")
            #expect(body["to"] as? String == "2026-03-07")
            let figures = try #require(body["figures"] as? [String: Any])
            #expect(abs((figures["mean"] as? Double ?? 0) - 10_000.0 / 3) < 1e-9)
            #expect(figures["median"] as? Double == 3000)
            #expect(figures["min"] as? Double == 1000)
            #expect(figures["max"] as? Double == 6000)
            #expect(figures["total"] as? Double == 10_000)
            #expect(figures["daysWithData"] as? Int == 3)
            #expect(figures["dayCount"] as? Int == 7)
            #expect(abs((figures["coveragePercent"] as? Double ?? 0) - 300.0 / 7) < 1e-9)
            let points = body["points"] as? [[String: Any]] ?? []
            #expect(points.map { $0["day"] as? String } == ["2026-03-01", "2026-03-02", "2026-03-04"])
            #expect(points.map { $0["value"] as? Double } == [1000, 3000, 6000])

            let previous = try #require(body["changeFromPrevious"] as? [String: Any])
            #expect(previous["from"] as? String == "2026-02-22")
            #expect(previous["to"] as? String == "2026-02-28")
            #expect(previous["referenceValue"] as? Double == 3000)
            #expect(abs((previous["difference"] as? Double ?? 0) - 1000.0 / 3) < 1e-9)
            #expect(abs((previous["percent"] as? Double ?? 0) - 100.0 / 9) < 1e-9)
            #expect(body["changeFromYearEarlier"] == nil, "one day a year earlier is too few to compare with")
        }
    }

    @Test func daysFollowTheOwnersZoneAcrossADaylightSavingChange() async throws {
        let server = try TestServer(clock: Self.now)
        let (_, token) = try await server.user("alice")
        try await server.test { client in
            let zone = try await client.execute(uri: "/api/v1/me", method: .patch, headers: .bearer(token), body: jsonBody(["timeZone": "America/New_York"]))
            #expect(zone.status == .ok)
            // New York springs forward at 07:00Z on 8 March 2026, so that day has 23 hours.
            let records: [[String: Any]] = [
                ["metric": "steps", "value": 100, "start": "2026-03-08T04:30:00Z"], // 23:30 EST on the 7th
                ["metric": "steps", "value": 200, "start": "2026-03-08T05:30:00Z"], // 00:30 EST on the 8th
                ["metric": "steps", "value": 300, "start": "2026-03-09T03:30:00Z"], // 23:30 EDT on the 8th
                ["metric": "steps", "value": 400, "start": "2026-03-09T04:30:00Z"], // 00:30 EDT on the 9th
            ]
            _ = try await client.execute(uri: "/api/v1/records", method: .post, headers: .bearer(token), body: jsonBody(["records": records]))
            let body = try await client.execute(uri: "/api/v1/trends/steps?from=2026-03-07&to=2026-03-09", method: .get, headers: .bearer(token)).json()
            #expect(body["timeZone"] as? String == "America/New_York")
            let points = body["points"] as? [[String: Any]] ?? []
            #expect(points.map { $0["day"] as? String } == ["2026-03-07", "2026-03-08", "2026-03-09"])
            #expect(points.map { $0["value"] as? Double } == [100, 500, 400])
            let figures = try #require(body["figures"] as? [String: Any])
            #expect(figures["median"] as? Double == 400)
            #expect(figures["total"] as? Double == 1000)
            #expect(figures["coveragePercent"] as? Double == 100)
        }
    }

    @Test func monthOfWeightHasNoTotalAndComparesWithTheYearBefore() async throws {
        let server = try TestServer(clock: Self.now)
        let (_, token) = try await server.user("alice")
        try await server.test { client in
            var records: [[String: Any]] = []
            for day in 1...10 {
                let text = String(format: "2026-03-%02d", day)
                records.append(["metric": "weight", "value": 70.0 + Double(day) / 10, "start": Self.tokyoNoon(text)])
                records.append(["metric": "weight", "value": 72.0, "start": Self.tokyoNoon(String(format: "2025-03-%02d", day))])
            }
            _ = try await client.execute(uri: "/api/v1/records", method: .post, headers: .bearer(token), body: jsonBody(["records": records]))
            let body = try await client.execute(
                uri: "/api/v1/trends/bodyMass?period=month&date=2026-03-20", method: .get, headers: .bearer(token)
            ).json()
            #expect(body["from"] as? String == "2026-03-01")
            #expect(body["to"] as? String == "2026-03-31")
            let figures = try #require(body["figures"] as? [String: Any])
            #expect(figures["total"] == nil, "a total of weights means nothing")
            #expect(abs((figures["mean"] as? Double ?? 0) - 70.55) < 1e-9)
            #expect(abs((figures["median"] as? Double ?? 0) - 70.55) < 1e-9)
            #expect(figures["daysWithData"] as? Int == 10)
            #expect(figures["dayCount"] as? Int == 31)
            #expect(body["changeFromPrevious"] == nil, "February has no weighings")
            let yearEarlier = try #require(body["changeFromYearEarlier"] as? [String: Any])
            #expect(yearEarlier["from"] as? String == "2025-03-01")
            #expect(yearEarlier["to"] as? String == "2025-03-31")
            #expect(abs((yearEarlier["difference"] as? Double ?? 0) - -1.45) < 1e-9)
            #expect((body["movingAverage"] as? [Any])?.count == 4, "from the 7th day on")
            let weight = try #require(body["weight"] as? [String: Any])
            #expect((weight["trend"] as? [Any])?.count == 10)
        }
    }

    @Test func unknownMetricIsNotFoundInBothLanguages() async throws {
        let server = try TestServer(clock: Self.now)
        let (_, token) = try await server.user("alice")
        try await server.test { client in
            let english = try await client.execute(uri: "/api/v1/trends/happiness", method: .get, headers: .bearer(token, language: "en"))
            #expect(english.status == .notFound)
            #expect(english.errorCode == "unknown_metric")
            #expect(english.errorMessage?.contains("no metric called \"happiness\"") == true)
            let japanese = try await client.execute(uri: "/api/v1/trends/happiness", method: .get, headers: .bearer(token, language: "ja"))
            #expect(japanese.status == .notFound)
            #expect(japanese.errorMessage?.contains("「happiness」という記録項目はありません") == true)
        }
    }

    @Test func badPeriodsAndDatesAreClearErrors() async throws {
        let server = try TestServer(clock: Self.now)
        let (_, token) = try await server.user("alice")
        try await server.test { client in
            let period = try await client.execute(uri: "/api/v1/trends/steps?period=fortnight", method: .get, headers: .bearer(token))
            #expect(period.status == .badRequest)
            #expect(period.errorCode == "invalid_period")
            #expect(period.errorMessage?.contains("week, month, year or custom") == true)
            let date = try await client.execute(uri: "/api/v1/trends/steps?period=custom&from=2026-02-30", method: .get, headers: .bearer(token))
            #expect(date.status == .badRequest)
            #expect(date.errorCode == "invalid_date")
            let long = try await client.execute(uri: "/api/v1/trends/steps?from=2000-01-01&to=2026-01-01", method: .get, headers: .bearer(token))
            #expect(long.status == .badRequest)
        }
    }

    @Test func otherPeoplesRecordsNeverCount() async throws {
        let server = try TestServer(clock: Self.now)
        let (_, alice) = try await server.user("alice")
        let (_, bob) = try await server.user("bob")
        try await server.test { client in
            let records: [[String: Any]] = [["metric": "steps", "value": 1234, "start": Self.tokyoNoon("2026-11-20")]]
            _ = try await client.execute(uri: "/api/v1/records", method: .post, headers: .bearer(alice), body: jsonBody(["records": records]))
            let body = try await client.execute(uri: "/api/v1/trends/steps?period=month", method: .get, headers: .bearer(bob)).json()
            let figures = try #require(body["figures"] as? [String: Any])
            #expect(figures["daysWithData"] as? Int == 0)
            #expect(body["from"] as? String == "2026-11-01")
            #expect(body["to"] as? String == "2026-11-25", "the current month is cut off at today")
        }
    }
}

@Suite struct TrendsWebTests {
    @Test func heartRateShowsItsDailyRangeAsABandAndListsTheExtremeReadings() async throws {
        let server = try TestServer(clock: TrendsAPITests.now)
        try await server.test { client in
            var browser = WebSession(client)
            _ = try await browser.signUp("hanako")
            let user = try #require(try await server.database.user(username: "hanako"))
            let (token, _) = try await server.accounts.createToken(for: user.id!, name: "t", now: Date())
            var records: [[String: Any]] = []
            for day in 10...16 {
                for (hour, bpm) in [("00", 52), ("06", 95), ("11", 70)] {
                    records.append(["metric": "heartRate", "value": bpm + day - 10, "start": "2026-11-\(day)T\(hour):00:00Z"])
                }
            }
            _ = try await client.execute(uri: "/api/v1/records", method: .post, headers: .bearer(token), body: jsonBody(["records": records]))
            let page = try await browser.get("/trends/heartRate?period=week&date=2026-11-12").text
            #expect(page.contains("class=\"kc-band\""))
            #expect(page.contains("帯はその日の最低〜最高"))
            #expect(page.contains("最低の計測値"))
            #expect(page.contains("52回/分"))
            #expect(page.contains("100回/分"), "the highest single reading of the week, 95 + 5 on the 15th")
            #expect(page.contains("href=\"/trends/heartRate?period=week&amp;date=2026-11-08\" rel=\"prev\""))
            let steps = try await browser.get("/trends/steps?period=year").text
            #expect(!steps.contains("kc-band"))
            let month = try await browser.get("/trends/heartRate?period=month&date=2026-10-03&target=70").text
            #expect(month.contains("href=\"/reports/2026-10\" id=\"month-report\""), "a month page links to that month's report")
            #expect(month.contains("name=\"target\" value=\"70.0\""), "the custom range keeps a target given in the address")
            let form = try await browser.get("/records").text
            #expect(form.contains("value=\"mood\""), "mood can be entered from the record form")
            #expect(form.contains("value=\"energy\""))
        }
    }
}

import Foundation
import Hummingbird
import HummingbirdTesting
import Services
import Storage
import Testing

@Suite struct WeightTrendAPITests {
    static let now: @Sendable () -> Date = { ISO8601DateFormatter().date(from: "2026-11-25T03:00:00Z")! }

    /// 42 mornings losing 0.5 kg a week from 80 kg, with a small alternating wobble, ending today (25 November).
    static func steadyLoss() -> [[String: Any]] {
        let formatter = ISO8601DateFormatter()
        let today = formatter.date(from: "2026-11-24T22:30:00Z")! // 07:30 on the 25th in Tokyo
        return (0..<42).map { index in
            let daysAgo = 41 - index
            let wobble = index % 2 == 0 ? 0.3 : -0.3
            let value = 80 - 0.5 / 7 * Double(index) + wobble
            let at = today.addingTimeInterval(-Double(daysAgo) * 86_400)
            return ["metric": "weight", "value": (value * 10).rounded() / 10, "start": formatter.string(from: at)]
        }
    }

    @Test func aSteadyLossGivesItsRateChangesAndAForecastWithAnInterval() async throws {
        let server = try TestServer(clock: Self.now)
        let (_, token) = try await server.user("alice")
        try await server.test { client in
            _ = try await client.execute(uri: "/api/v1/records", method: .post, headers: .bearer(token), body: jsonBody(["records": Self.steadyLoss()]))
            let body = try await client.execute(uri: "/api/v1/trends/weight?period=month&target=75", method: .get, headers: .bearer(token)).json()
            let weight = try #require(body["weight"] as? [String: Any])
            let rate = try #require(weight["kilogramsPerWeek"] as? Double)
            #expect(abs(rate - -0.5) < 0.1, "rate \(rate)")
            #expect(weight["rateReadings"] as? Int == 28)
            let changes = weight["changes"] as? [[String: Any]] ?? []
            #expect(changes.map { $0["days"] as? Int } == [7, 14, 28])
            #expect(changes.allSatisfy { ($0["kilograms"] as? Double ?? 0) < 0 })
            let forecast = try #require(weight["forecast"] as? [String: Any])
            #expect(forecast["status"] as? String == "expected")
            let date = try #require(forecast["date"] as? String)
            let earliest = try #require(forecast["earliest"] as? String)
            // About 80 − 2.9 − 75 ≈ 2.1 kg to go at 0.5 kg a week: some four weeks from now.
            #expect(date > "2026-12-10" && date < "2027-02-01", "forecast \(date)")
            #expect(earliest <= date)
            if let latest = forecast["latest"] as? String { #expect(latest >= date) }
        }
    }

    @Test func aTargetBehindTheTrendIsNotApproachingAndNoTargetMeansNoForecast() async throws {
        let server = try TestServer(clock: Self.now)
        let (_, token) = try await server.user("alice")
        try await server.test { client in
            _ = try await client.execute(uri: "/api/v1/records", method: .post, headers: .bearer(token), body: jsonBody(["records": Self.steadyLoss()]))
            let away = try await client.execute(uri: "/api/v1/trends/weight?target=85", method: .get, headers: .bearer(token)).json()
            #expect(((away["weight"] as? [String: Any])?["forecast"] as? [String: Any])?["status"] as? String == "notApproaching")
            let none = try await client.execute(uri: "/api/v1/trends/weight", method: .get, headers: .bearer(token)).json()
            #expect(((none["weight"] as? [String: Any])?["forecast"] as? [String: Any])?["status"] as? String == "noTarget")
            let bad = try await client.execute(uri: "/api/v1/trends/weight?target=heavy", method: .get, headers: .bearer(token))
            #expect(bad.status == .badRequest)
            #expect(bad.errorCode == "invalid_target")
        }
    }

    @Test func theWeightPageShowsTrendRateAndForecastAndTheProfileTargetIsUsed() async throws {
        let server = try TestServer(clock: Self.now)
        try await server.test { client in
            var browser = WebSession(client)
            _ = try await browser.signUp("hanako")
            let user = try #require(try await server.database.user(username: "hanako"))
            let (token, _) = try await server.accounts.createToken(for: user.id!, name: "t", now: Date())
            _ = try await client.execute(uri: "/api/v1/records", method: .post, headers: .bearer(token), body: jsonBody(["records": Self.steadyLoss()]))
            let noTarget = try await browser.get("/trends/bodyMass").text
            #expect(noTarget.contains("id=\"weight-trend\""))
            #expect(noTarget.contains("id=\"weight-rate\""))
            // The trend chart's points are each day's first weighing, and say so (the daily chart above shows means).
            let trendChart = noTarget.components(separatedBy: "id=\"weight-trend\"").last ?? ""
            #expect(trendChart.contains("その日最初の計測"))
            #expect(noTarget.contains("目標体重が未設定"))
            _ = try await browser.submit(page: "/settings", to: "/settings/profile", form: ["heightCm": "170", "targetWeightKg": "75", "timeZone": "Asia/Tokyo", "language": "ja", "displayName": "はなこ"])
            let page = try await browser.get("/trends/bodyMass").text
            #expect(page.contains("80% の確率で"))
            #expect(page.components(separatedBy: "class=\"weight-change\"").count - 1 == 3)
            #expect(page.contains("class=\"kc-goal\""), "the target is drawn on the trend chart")
        }
    }
}

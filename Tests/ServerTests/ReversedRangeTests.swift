import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// Over real HTTP: a range whose start comes after its end is refused the same way on every endpoint (400
/// `invalid_time_range`, both parameters named in both languages), never answered as empty or silently swapped.
@Suite struct ReversedRangeTests {
    static let reversedJA = ["期間が逆です: from は to と同じかそれより前にしてください。"]
    static let reversedEN = ["The range is reversed: from must not be later than to."]

    /// One weigh-in on 5 November, which a swapped range would find and an empty answer would hide.
    static func weighIn(_ client: any TestClientProtocol, token: String) async throws {
        let stored = try await client.execute(
            uri: "/api/v1/records", method: .post, headers: .bearer(token),
            body: jsonBody(["metric": "bodyMass", "value": 70, "start": "2026-11-05T03:00:00Z"])
        )
        #expect(stored.status == .created)
    }

    @Test func recordsSummariesAndTrendsRefuseFromAfterTo() async throws {
        let server = try TestServer(clock: TrendsAPITests.now)
        let (_, token) = try await server.user("alice")
        try await server.liveClient { client in
            try await Self.weighIn(client, token: token)
            for uri in [
                "/api/v1/records?from=2026-11-10&to=2026-11-01",
                "/api/v1/records?from=2026-11-10T00:00:00Z&to=2026-11-09T23:59:59Z",
                "/api/v1/summaries?metric=bodyMass&from=2026-11-10&to=2026-11-01",
                "/api/v1/trends/bodyMass?period=custom&from=2026-11-10&to=2026-11-01",
                "/api/v1/trends/bodyMass?from=2026-11-10&to=2026-11-01",
            ] {
                try await BilingualRefusal.ask(client, uri, token: token).expect(code: "invalid_time_range", ja: Self.reversedJA, en: Self.reversedEN)
            }
            // A `from` after the default `to` (today) is the same mistake.
            try await BilingualRefusal.ask(client, "/api/v1/summaries?metric=bodyMass&from=2026-12-01", token: token).expect(
                code: "invalid_time_range", ja: Self.reversedJA, en: Self.reversedEN
            )
            // The same range the right way round answers, and one day (from = to) is a range too.
            let forward = try await client.execute(uri: "/api/v1/records?from=2026-11-01&to=2026-11-10", method: .get, headers: .bearer(token))
            #expect(try (forward.json()["records"] as? [Any])?.count == 1)
            let oneDay = try await client.execute(uri: "/api/v1/summaries?metric=bodyMass&from=2026-11-05&to=2026-11-05", method: .get, headers: .bearer(token))
            #expect(oneDay.status == .ok)
            let trend = try await client.execute(uri: "/api/v1/trends/bodyMass?from=2026-11-01&to=2026-11-10", method: .get, headers: .bearer(token))
            #expect(trend.status == .ok)
        }
    }

    @Test func theTrendsPageShowsTheRefusalAboveTheFormItKept() async throws {
        let server = try TestServer(clock: TrendsAPITests.now)
        try await server.liveClient { client in
            var browser = WebSession(client)
            _ = try await browser.signUp("hanako")
            let page = try await browser.get("/trends/bodyMass?period=custom&from=2026-11-10&to=2026-11-01")
            #expect(page.status == .badRequest)
            let html = page.text
            #expect(html.contains(#"<p class="error" role="alert">期間が逆です: from は to と同じかそれより前にしてください。</p>"#))
            #expect(html.contains(#"name="from" value="2026-11-10""#) && html.contains(#"name="to" value="2026-11-01""#), "what was typed stays")
            #expect(html.contains(#"id="trend-chart""#), "the page itself, not an error page")
            let unreadable = try await browser.get("/trends/bodyMass?period=custom&from=2026-02-30")
            #expect(unreadable.status == .badRequest)
            #expect(unreadable.text.contains("from: 「2026-02-30」は日付として読み取れません"))
        }
    }

    @Test func aWaitAlertUntilBeforeFromIsRefusedByBothNames() async throws {
        let clock = TestClock(Tokyo.at("2026-11-22 14:00"))
        let (server, _) = try await TestServer.waitTimes(at: clock)
        let (_, token) = try await server.user("alice")
        try await server.liveClient { client in
            let body: [String: Any] = ["storeId": "kannami", "maxMinutes": 20, "from": "18:00", "until": "13:00"]
            try await BilingualRefusal.ask(client, "/api/v1/wait-alerts", method: .post, token: token, body: body).expect(
                code: "invalid_time_range",
                ja: ["期間が逆です: from は until と同じかそれより前にしてください。"], en: ["The range is reversed: from must not be later than until."]
            )
            let alerts = try await client.execute(uri: "/api/v1/wait-alerts", method: .get, headers: .bearer(token)).json()
            #expect((alerts["alerts"] as? [Any])?.isEmpty == true, "nothing was saved")
        }
    }
}
